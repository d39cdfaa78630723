/**
 * What the course player loads and sends: the courseware to open (the one asked, else where the
 * student stopped, else the first; a visitor's first free audition), its info (which opens the
 * watch ticket), its media link and the course's catalogue with progress; learning records, and
 * the last ones by beacon when the page goes away.
 */
import type { CourseStudyProgress, CoursewareInfo, LearnedRecordPayload, LearnedRecordResult, PlayerConfig } from '../../domain/learning/contract';
import { LEARNING_CALLS } from '../../domain/learning/calls';
import { playbackRateOf, type PlaybackRate } from '../../domain/learning/recording';
import { UI_STORAGE_KEYS } from '../../domain/shared/constants';
import { addLearnedRecord, getCoursewareInfo, getFirstAudition, getLastLearnedRecord, getPlayerConfig, getStudyPercentage } from './learning.api';
import { ApiError } from '../shared/http/ApiError';

export interface PlayerData {
  info: CoursewareInfo;
  /** Null for a paper, or when the media cannot be had (`mediaError` says why). */
  config: PlayerConfig | null;
  mediaError: string | null;
  /** The course's catalogue with the user's progress; null for a visitor. */
  outline: CourseStudyProgress | null;
}

/** Null: the course has nothing this visitor may open (no courseware, or none free). */
export async function loadPlayer(courseId: number, coursewareId: number | null, loggedIn: boolean): Promise<PlayerData | null> {
  const outline = loggedIn ? await getStudyPercentage(courseId, { silent: true }) : null;
  let target = coursewareId;
  if (target === null && loggedIn)
    target = (await getLastLearnedRecord(courseId, { silent: true }))?.coursewareId ?? outline?.coursewares[0]?.coursewareId ?? null;
  if (target === null) target = (await getFirstAudition(courseId, { silent: true }))?.coursewareId ?? null;
  if (target === null) return null;
  const info = await getCoursewareInfo(courseId, target, { silent: true });
  const { config, mediaError } = await loadMedia(info);
  return { info, config, mediaError, outline };
}

/** A fresh media link (the first, or after the last one expired). */
export async function loadMedia(info: CoursewareInfo): Promise<{ config: PlayerConfig | null; mediaError: string | null }> {
  if (info.type === 'PAPER' || (!info.owned && !info.freeAudition)) return { config: null, mediaError: null };
  try {
    return { config: await getPlayerConfig(info.courseId, info.coursewareId, { silent: true }), mediaError: null };
  } catch (error) {
    return { config: null, mediaError: error instanceof Error ? error.message : String(error) };
  }
}

export function sendLearnedRecord(record: LearnedRecordPayload): Promise<LearnedRecordResult> {
  return addLearnedRecord(record);
}

/** The HTTP status of a failed send (0: no answer at all). */
export function failureStatus(error: unknown): number {
  return error instanceof ApiError ? error.status || (error.code ?? 0) : 0;
}

/**
 * The page is going away: hand the records still waiting to the browser, which sends them after
 * the page is gone (the session cookie authenticates them). They stay in the outbox too: the server
 * counts a record once, so the next page's resend is harmless.
 */
export function beaconRecords(records: readonly LearnedRecordPayload[]): void {
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return;
  for (const record of records) navigator.sendBeacon(LEARNING_CALLS.addLearnedRecord.path, new Blob([JSON.stringify(record)], { type: 'application/json' }));
}

export function newRecordId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `r-${Date.now()}-${Math.random().toString(36).slice(2, 12)}`;
}

const RATE_KEY = UI_STORAGE_KEYS.find((key) => key.endsWith('player_rate')) ?? 'xt_ui_player_rate';

export function readPlaybackRate(): PlaybackRate {
  try {
    return playbackRateOf(localStorage.getItem(RATE_KEY));
  } catch {
    return 1;
  }
}

export function savePlaybackRate(rate: PlaybackRate): void {
  try {
    localStorage.setItem(RATE_KEY, String(rate));
  } catch {
    // Private mode: the rate lasts for this page only.
  }
}
