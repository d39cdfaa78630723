/**
 * The learning contract: my courses, the player's courseware and media, learning records, study
 * progress and the live chat. Payloads and answers of LEARNING_CALLS (and the extra calls beside
 * them); the server answers exactly these shapes.
 */
import type { CourseType } from '../catalog/contract';
import type { Page } from '../shared/envelope';
import type { CoursewareType } from './rules';

/** The tabs of /uc/my-course: sys = system courses, packs and camps; free = open courses; add = add-on courses. */
export const MY_COURSE_TABS = ['sys', 'free', 'add'] as const;
export type MyCourseTab = (typeof MY_COURSE_TABS)[number];

/** getMyCourseList's query string. */
export interface MyCourseListQuery {
  tab?: MyCourseTab;
  current?: number;
  size?: number;
}

/** Study progress of a courseware or a course (product-spec §3). Percentages are integers 0–100. */
export interface StudyPercentageInfo {
  /** Seconds of real watching, all records summed. */
  learnedTotalTime: number;
  /** learnedTotalTime / duration, capped at STUDY_PERCENTAGE_CAP. */
  studyPercentage: number;
  /** The last playback position, seconds: where the player resumes. */
  progressBar: number;
}

/** Where the student stopped last (getLastRecord), to 继续学习. */
export interface LastLearnedRecord {
  courseId: number;
  coursewareId: number;
  coursewareName: string;
  coursewareType: CoursewareType;
  catalogueId: number;
  stageId: number | null;
  /** Seconds: the position to resume at. */
  progressBar: number;
  /** Server milliseconds. */
  learnedAt: number;
}

/** One course of /uc/my-course. A pack's courses are listed under the pack (packCourses), not again on their own. */
export interface MyCourseItem {
  courseId: number;
  courseType: CourseType;
  title: string;
  cover: string;
  /** Server milliseconds. */
  validUntil: number;
  expired: boolean;
  lessonCount: number;
  /** Seconds of all the course's timed coursewares. */
  totalDuration: number;
  /** Course-wide: learned seconds over total seconds, capped at 100. */
  studyPercentage: number;
  learnedTotalTime: number;
  lastRecord: LastLearnedRecord | null;
  /** PACK: the courses it grants, each with its own progress. */
  packCourses: MyPackCourse[];
  /** EXP: the cohort the student joined, and its stages. */
  camp: MyCamp | null;
}

export interface MyPackCourse {
  courseId: number;
  courseType: CourseType;
  title: string;
  studyPercentage: number;
}

export interface MyCamp {
  cohortName: string;
  stages: MyCampStage[];
}

export interface MyCampStage {
  stageId: number;
  name: string;
  /** Server milliseconds. */
  startsAt: number;
  endsAt: number;
}

export type MyCourseList = Page<MyCourseItem>;

/** getStudyPercentage/{courseId}: the course's progress and each courseware's (for the catalogue's bars). */
export interface CourseStudyProgress {
  courseId: number;
  studyPercentage: number;
  learnedTotalTime: number;
  totalDuration: number;
  coursewares: CoursewareProgress[];
}

/** One courseware of the course in catalogue order, with where it sits and the user's progress. */
export interface CoursewareProgress {
  coursewareId: number;
  /** The course it belongs to (a pack's course, for a pack). */
  courseId: number;
  coursewareName: string;
  type: CoursewareType;
  /** Seconds. */
  duration: number;
  /** The chapter (章) and, below it, the section (节) it hangs on. */
  chapter: string;
  section: string | null;
  stageId: number | null;
  paperId: number | null;
  freeAudition: boolean;
  studyPercentageInfo: StudyPercentageInfo;
}

/** getCoursewareInfo's body. */
export interface CoursewareInfoQuery {
  courseId: number;
  coursewareId: number;
}

/**
 * What the player needs to open a courseware. `watchTicket` opens the wall-clock window the
 * server checks learning records against; null when no record may be sent (visitor, not owned,
 * a type that is not recorded, or a courseware without time).
 */
export interface CoursewareInfo {
  courseId: number;
  courseType: CourseType;
  coursewareId: number;
  coursewareName: string;
  type: CoursewareType;
  /** Seconds. */
  duration: number;
  catalogueId: number;
  stageId: number | null;
  freeAudition: boolean;
  /** The user owns the course now (product-spec §4: status true). */
  owned: boolean;
  /** Progress is recorded for this user and courseware (logged in, owned, SYS or PACK). */
  recordable: boolean;
  studyPercentageInfo: StudyPercentageInfo;
  /** PAPER: the paper it opens. */
  paperId: number | null;
  /** LIVE: whether the session is live now or a replay, and when it starts. */
  live: LiveInfo | null;
  watchTicket: string | null;
  /** The previous and next coursewares of the course, in catalogue order (null at the ends). */
  prevCoursewareId: number | null;
  nextCoursewareId: number | null;
}

export const LIVE_STATES = ['UPCOMING', 'LIVE', 'REPLAY'] as const;
export type LiveState = (typeof LIVE_STATES)[number];

export interface LiveInfo {
  state: LiveState;
  /** Server milliseconds. */
  startsAt: number;
  endsAt: number;
}

/** getCCConfig's query string: which courseware to play. */
export interface PlayerConfigQuery {
  courseId: number;
  coursewareId: number;
}

export const MEDIA_KINDS = ['hls', 'mp4', 'audio', 'pdf'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/**
 * bokecc/getCCConfig: our own player config. `url` is signed for this user and expires at
 * `expiresAt` (ask again for a fresh one); an HLS playlist's segments are AES-128 encrypted and its
 * key is given only to an owner (audition coursewares: to anyone).
 */
export interface PlayerConfig {
  coursewareId: number;
  kind: MediaKind;
  url: string;
  /** Server milliseconds. */
  expiresAt: number;
  /** Seconds of the media itself. */
  duration: number;
  /** A poster frame, or null. */
  poster: string | null;
  /**
   * 禁止拖动未学内容 on this lesson (the course's setting, a lesson not yet completed): the player
   * may not seek past `furthest`, the server's furthest point watched. Null: seeking is free.
   */
  seekLimit: SeekLimit | null;
  /** The moving watermark over a paid lesson. Null: none (a free audition, a document, the site setting off). */
  watermark: PlayerWatermark | null;
}

export interface SeekLimit {
  /** Seconds. */
  furthest: number;
}

export interface PlayerWatermark {
  /** The student's masked mobile (138****8000), or their masked account name when they have no mobile. */
  mark: string;
}

/** userLearnedRecord/add: the learning record payload of product-spec §3, plus what makes it safe to retry. */
export interface LearnedRecordPayload {
  courseId: number;
  coursewareId: number;
  coursewareName: string;
  coursewareType: CoursewareType;
  /** Seconds of real watching since the previous record of this ticket (DEFAULT_LEARNED_TIME when absent). */
  learnedTime: number;
  /** Seconds: the playback position now. */
  progressBar: number;
  stageId: number | null;
  /** The client's id for this record (a UUID): a replay of it counts once. */
  recordId: string;
  /** From getCoursewareInfo. */
  watchTicket: string;
}

/** The answer of userLearnedRecord/add: the courseware's progress after it (a replay answers the same). */
export interface LearnedRecordResult {
  coursewareId: number;
  /** False when this recordId had been counted before. */
  counted: boolean;
  studyPercentageInfo: StudyPercentageInfo;
}

/** userLearnedRecord/getLastRecord's body: one course, or (no courseId) the user's latest anywhere. */
export interface LastRecordQuery {
  courseId?: number | null;
}

/** yoke/sendLiveMsg. `clientMsgId` makes a resend harmless. */
export interface LiveMessagePayload {
  coursewareId: number;
  content: string;
  clientMsgId: string;
}

export interface LiveMessage {
  id: number;
  coursewareId: number;
  userId: number;
  nickname: string;
  avatar: string;
  content: string;
  /** Server milliseconds. */
  sentAt: number;
  /** From the school (a teacher or an assistant), shown apart. */
  fromStaff: boolean;
}
