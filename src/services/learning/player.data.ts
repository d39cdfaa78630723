/**
 * What the course player loads and sends: the courseware to open (the one asked, else where the
 * student stopped, else the first; a visitor's first free audition), its info (which opens the
 * watch ticket), its media link and the course's catalogue with progress; learning records, and
 * the last ones by beacon when the page goes away.
 */
import { CATALOG_CALLS } from '../../domain/catalog/calls';
import type { CourseStudyProgress, CoursewareInfo, LearnedRecordPayload, LearnedRecordResult, PlayerConfig } from '../../domain/learning/contract';
import { LEARNING_CALLS } from '../../domain/learning/calls';
import { playbackRateOf, type PlaybackRate } from '../../domain/learning/recording';
import { UI_STORAGE_KEYS } from '../../domain/shared/constants';
import { call } from '../shared/http/client';
import { openLearningOutbox } from './learningOutbox';

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
  // Silent: the player shows a failure itself.
  const outline = loggedIn ? await call(LEARNING_CALLS.studyPercentage, { params: { id: courseId }, silent: true }) : null;
  let target = coursewareId;
  if (target === null && loggedIn)
    target =
      (await call(LEARNING_CALLS.lastLearnedRecord, { body: { courseId }, silent: true }))?.coursewareId ?? outline?.coursewares[0]?.coursewareId ?? null;
  if (target === null) target = (await call(CATALOG_CALLS.firstAudition, { params: { id: courseId }, silent: true }))?.coursewareId ?? null;
  if (target === null) return null;
  const info = await call(LEARNING_CALLS.coursewareInfo, { body: { courseId, coursewareId: target }, silent: true });
  const { config, mediaError } = await loadMedia(info);
  return { info, config, mediaError, outline };
}

/** A fresh media link (the first, or after the last one expired). */
export async function loadMedia(info: CoursewareInfo): Promise<{ config: PlayerConfig | null; mediaError: string | null }> {
  if (info.type === 'PAPER' || (!info.owned && !info.freeAudition)) return { config: null, mediaError: null };
  try {
    const query = { courseId: info.courseId, coursewareId: info.coursewareId };
    return { config: await call(LEARNING_CALLS.ccConfig, { query, silent: true }), mediaError: null };
  } catch (error) {
    return { config: null, mediaError: error instanceof Error ? error.message : String(error) };
  }
}

/** Keeps a record on the device (the outbox) before anything is sent: the recorder's `keep` action. */
export function keepRecord(record: LearnedRecordPayload): Promise<void> {
  return openLearningOutbox().then((outbox) => outbox.put(record));
}

/** The records an earlier page left unsent (a reload, a crash, an outage), in the order they were kept. */
export function pendingRecords(): Promise<LearnedRecordPayload[]> {
  return openLearningOutbox().then((outbox) => outbox.all());
}

/**
 * Sends a record; once the server has answered, it leaves the outbox. A failed removal is no
 * failure of the send: the server counts a recordId once, so the next page's resend is harmless.
 */
export async function deliverRecord(record: LearnedRecordPayload): Promise<LearnedRecordResult> {
  // Silent: the progress recorder keeps a refused or failed record and retries it; no toast per attempt.
  const result = await call(LEARNING_CALLS.addLearnedRecord, { body: record, silent: true });
  await openLearningOutbox()
    .then((outbox) => outbox.remove(record.recordId))
    .catch(() => undefined);
  return result;
}

/** A record the server refused for good leaves the outbox (it is never sent again). */
export function dropRecord(recordId: string): Promise<void> {
  return openLearningOutbox().then((outbox) => outbox.remove(recordId));
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
