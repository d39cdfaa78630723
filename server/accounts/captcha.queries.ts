/**
 * Slider challenges: drawn here, stored in the UNLOGGED captcha_challenges table with their
 * answer, and verified once. The browser only ever gets the images, the piece's y and an opaque
 * random id: x is neither in the answer, nor in a cookie, nor derivable from the id.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import {
  CAPTCHA_TEST_PASS,
  CAPTCHA_TOLERANCE_PX,
  CAPTCHA_TTL_SECONDS,
  type CaptchaChallenge,
  type CaptchaSolution,
  decodeCaptchaSolution,
} from '../../src/domain/account/captcha';
import type { CaptchaMode } from '../config';
import type { Db } from '../db/client';
import { captchaChallenges } from '../db/unlogged';
import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH, drawPuzzle, PIECE_SIZE } from '../providers/captcha/image';

/** A drag shorter than this is a script, not a hand. */
export const MIN_DRAG_MS = 200;
/** Longer than this, the track is not one drag (the challenge lives CAPTCHA_TTL_SECONDS anyway). */
export const MAX_DRAG_MS = 60_000;
/** A pointer drag of a few hundred ms gives dozens of samples; a handful is a script. */
export const MIN_TRACK_SAMPLES = 8;
const MAX_TRACK_SAMPLES = 2000;
/** The drag starts at the left, the piece's start position (the client's first sample is [0, 0]). */
const START_SLACK_PX = 3;
/** The last sample is where the piece was dropped (the client sends exactly that x). */
const END_SLACK_PX = 2;
/** Moving back (overshoot and correction) may take at most half the forward travel, plus this. */
const BACKTRACK_SLACK_PX = 20;
/** Speeds are measured over chunks of at least this long: Date.now() ticks in whole ms. */
const SPEED_CHUNK_MS = 40;
/** Below this coefficient of variation of the chunk speeds, the drag moved at one constant speed. */
const MIN_SPEED_VARIATION = 0.2;
/** Arrow keys move 2 display px (KEY_STEP_PX) a press: 2-3 background px once scaled to the picture. */
const KEY_STEP_MAX_PX = 3;
/** Key auto-repeat runs at most ~40 presses a second (typically 25-33 ms apart). */
const KEY_REPEAT_MIN_MS = 20;

const dataUrl = (png: Buffer): string => `data:image/png;base64,${png.toString('base64')}`;

export async function createChallenge(db: Db, scene: string, ip: string | null, now: Date = new Date()): Promise<CaptchaChallenge> {
  const puzzle = drawPuzzle();
  const challengeId = randomBytes(18).toString('base64url');
  const expiresAt = new Date(now.getTime() + CAPTCHA_TTL_SECONDS * 1000);
  await db.insert(captchaChallenges).values({ id: challengeId, scene, answerX: puzzle.x, expiresAt, ip: ip?.slice(0, 64) ?? null });
  // Sweep now and then; the table is small and unlogged, so a plain delete is cheap.
  if (randomBytes(1)[0]! < 3) await db.delete(captchaChallenges).where(lt(captchaChallenges.expiresAt, new Date(now.getTime() - 3600_000)));
  return {
    challengeId,
    background: dataUrl(puzzle.background),
    piece: dataUrl(puzzle.piece),
    width: CAPTCHA_WIDTH,
    height: CAPTCHA_HEIGHT,
    pieceSize: PIECE_SIZE,
    pieceY: puzzle.y,
    expiresAt: expiresAt.getTime(),
  };
}

/**
 * The answer of a challenge, for GET /dev/captcha-answer only (outside production, with the SMS
 * outbox): the e2e tests drag the real slider there. Null when unknown or used.
 */
export async function challengeAnswer(db: Db, challengeId: string): Promise<number | null> {
  const [row] = await db
    .select({ answerX: captchaChallenges.answerX })
    .from(captchaChallenges)
    .where(and(eq(captchaChallenges.id, challengeId), isNull(captchaChallenges.usedAt)));
  return row?.answerX ?? null;
}

export type TrackProblem = 'format' | 'samples' | 'time' | 'range' | 'start' | 'end' | 'duration' | 'backtrack' | 'uniform';

/**
 * What makes a drag track ([x, ms] samples) unlike a hand, or null when it looks like one:
 * - format, samples: an array of MIN_TRACK_SAMPLES to 2000 [x, t] pairs of finite numbers;
 * - time, range, duration: t never goes back, x stays on the picture, MIN_DRAG_MS to MAX_DRAG_MS;
 * - start, end: it starts at the left and ends where the piece was dropped (`droppedX`);
 * - backtrack: mostly forward — backward travel at most half the forward travel + 20 px;
 * - uniform: its speed varies. Over chunks of at least SPEED_CHUNK_MS between the first and the
 *   last movement, the speeds' coefficient of variation is at least MIN_SPEED_VARIATION: a hand
 *   speeds up and slows down, a script's straight line at one speed does not. Keyboard tracks
 *   (arrow keys: steps of at most KEY_STEP_MAX_PX, about as far apart as key repeat makes them)
 *   move at the repeat rate by nature and are not judged on this.
 */
export function trackProblem(track: unknown, droppedX?: number): TrackProblem | null {
  if (!Array.isArray(track)) return 'format';
  if (track.length < MIN_TRACK_SAMPLES || track.length > MAX_TRACK_SAMPLES) return 'samples';
  const samples: [number, number][] = [];
  for (const sample of track as unknown[]) {
    if (!Array.isArray(sample) || sample.length < 2) return 'format';
    const [x, t] = sample as unknown[];
    if (typeof x !== 'number' || typeof t !== 'number' || !Number.isFinite(x) || !Number.isFinite(t)) return 'format';
    samples.push([x, t]);
  }
  for (let i = 1; i < samples.length; i++) if (samples[i]![1] < samples[i - 1]![1]) return 'time';
  if (samples.some(([x]) => x < -START_SLACK_PX || x > CAPTCHA_WIDTH)) return 'range';
  const [firstX, firstT] = samples[0]!;
  const [lastX, lastT] = samples[samples.length - 1]!;
  if (Math.abs(firstX) > START_SLACK_PX) return 'start';
  if (droppedX !== undefined && Math.abs(lastX - droppedX) > END_SLACK_PX) return 'end';
  if (lastT - firstT < MIN_DRAG_MS || lastT - firstT > MAX_DRAG_MS) return 'duration';

  let forward = 0;
  let backward = 0;
  for (let i = 1; i < samples.length; i++) {
    const dx = samples[i]![0] - samples[i - 1]![0];
    if (dx > 0) forward += dx;
    else backward -= dx;
  }
  if (backward > forward / 2 + BACKTRACK_SLACK_PX) return 'backtrack';

  return keyboardLike(samples) || speedVaries(samples) ? null : 'uniform';
}

/** Every move a key's small step, and moves as far apart as key repeat makes them (the median: events jitter). */
function keyboardLike(samples: [number, number][]): boolean {
  const gaps: number[] = [];
  let lastMoveT: number | null = null;
  for (let i = 1; i < samples.length; i++) {
    const dx = samples[i]![0] - samples[i - 1]![0];
    if (dx === 0) continue;
    if (Math.abs(dx) > KEY_STEP_MAX_PX) return false;
    if (lastMoveT !== null) gaps.push(samples[i]![1] - lastMoveT);
    lastMoveT = samples[i]![1];
  }
  gaps.sort((a, b) => a - b);
  return gaps.length > 0 && gaps[Math.floor(gaps.length / 2)]! >= KEY_REPEAT_MIN_MS;
}

/** The chunk speeds between the first and the last movement are not all alike. */
function speedVaries(samples: [number, number][]): boolean {
  // Holding still before the first move or after the last one is no evidence either way: trim it.
  let from = 0;
  while (from + 1 < samples.length && samples[from + 1]![0] === samples[from]![0]) from++;
  let to = samples.length - 1;
  while (to > from && samples[to - 1]![0] === samples[to]![0]) to--;
  const speeds: number[] = [];
  let start = from;
  for (let i = from + 1; i <= to; i++) {
    const dt = samples[i]![1] - samples[start]![1];
    if (dt < SPEED_CHUNK_MS && i < to) continue;
    if (dt > 0) speeds.push((samples[i]![0] - samples[start]![0]) / dt);
    start = i;
  }
  if (speeds.length < 3) return false;
  const mean = speeds.reduce((a, b) => a + b, 0) / speeds.length;
  const sd = Math.sqrt(speeds.reduce((a, b) => a + (b - mean) ** 2, 0) / speeds.length);
  return mean > 0 && sd / mean >= MIN_SPEED_VARIATION;
}

/** A human drag to `droppedX` (see trackProblem). */
export function plausibleTrack(track: unknown, droppedX?: number): boolean {
  return trackProblem(track, droppedX) === null;
}

/**
 * True when the solution solves a live challenge of `scene`. The challenge is used up by ANY
 * attempt, right or wrong, before the answer is compared: a replayed or retried solution fails.
 */
export async function verifyCaptcha(db: Db, mode: CaptchaMode, scene: string, param: string, now: Date = new Date()): Promise<boolean> {
  if (mode === 'test') return param === CAPTCHA_TEST_PASS;
  const solution: CaptchaSolution | null = decodeCaptchaSolution(param);
  if (!solution || solution.challengeId.length > 64) return false;
  const [challenge] = await db
    .update(captchaChallenges)
    .set({ usedAt: now })
    .where(and(eq(captchaChallenges.id, solution.challengeId), isNull(captchaChallenges.usedAt)))
    .returning({ scene: captchaChallenges.scene, answerX: captchaChallenges.answerX, expiresAt: captchaChallenges.expiresAt });
  if (!challenge) return false;
  if (challenge.scene !== scene) return false;
  if (challenge.expiresAt.getTime() <= now.getTime()) return false;
  if (!Number.isFinite(solution.x) || Math.abs(solution.x - challenge.answerX) > CAPTCHA_TOLERANCE_PX) return false;
  return plausibleTrack(solution.track, solution.x);
}
