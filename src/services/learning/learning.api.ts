/** Typed calls of the learning area: my courses, the player, learning records and the live chat. */
import { CATALOG_CALLS } from '../../domain/catalog/calls';
import type { AuditionCourseware } from '../../domain/catalog/contract';
import { LEARNING_CALLS as L } from '../../domain/learning/calls';
import { QUESTION_BANK_CALLS } from '../../domain/questionBank/calls';
import type { PaperStatus } from '../../domain/questionBank/contract';
import type {
  CourseStudyProgress,
  CoursewareInfo,
  LastLearnedRecord,
  LearnedRecordPayload,
  LearnedRecordResult,
  LiveMessage,
  LiveMessagePayload,
  MyCourseList,
  MyCourseListQuery,
  PlayerConfig,
} from '../../domain/learning/contract';
import { call, type CallOptions } from '../shared/http/client';

type Extra = Pick<CallOptions, 'silent' | 'signal'>;

export function getMyCourseList(query: MyCourseListQuery, extra: Extra = {}): Promise<MyCourseList> {
  return call<MyCourseList>(L.myCourseList, { query: { ...query }, ...extra });
}

export function getStudyPercentage(courseId: number, extra: Extra = {}): Promise<CourseStudyProgress> {
  return call<CourseStudyProgress>(L.studyPercentage, { params: { id: courseId }, ...extra });
}

export function getCoursewareInfo(courseId: number, coursewareId: number, extra: Extra = {}): Promise<CoursewareInfo> {
  return call<CoursewareInfo>(L.coursewareInfo, { body: { courseId, coursewareId }, ...extra });
}

export function getPlayerConfig(courseId: number, coursewareId: number, extra: Extra = {}): Promise<PlayerConfig> {
  return call<PlayerConfig>(L.ccConfig, { query: { courseId, coursewareId }, ...extra });
}

export function getLastLearnedRecord(courseId: number | null, extra: Extra = {}): Promise<LastLearnedRecord | null> {
  return call<LastLearnedRecord | null>(L.lastLearnedRecord, { body: { courseId }, ...extra });
}

/** Silent: the progress recorder keeps a refused or failed record and retries it; no toast per attempt. */
export function addLearnedRecord(payload: LearnedRecordPayload, signal?: AbortSignal): Promise<LearnedRecordResult> {
  return call<LearnedRecordResult>(L.addLearnedRecord, { body: payload, silent: true, signal });
}

export function sendLiveMessage(payload: LiveMessagePayload, extra: Extra = {}): Promise<LiveMessage> {
  return call<LiveMessage>(L.sendLiveMsg, { body: payload, ...extra });
}

/** The course's first free-audition courseware: where the player opens for a visitor. */
export function getFirstAudition(courseId: number, extra: Extra = {}): Promise<AuditionCourseware | null> {
  return call<AuditionCourseware | null>(CATALOG_CALLS.firstAudition, { params: { id: courseId }, ...extra });
}

/** The status of the papers in a course's catalogue (my course's detail page). */
export function getPaperStatuses(paperIds: readonly number[]): Promise<PaperStatus[]> {
  return call<PaperStatus[]>(QUESTION_BANK_CALLS.qbRecordStatus, { body: { paperIds }, silent: true });
}
