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
export const MIN_DRAG_MS = 100;
export const MIN_TRACK_SAMPLES = 3;
const MAX_TRACK_SAMPLES = 2000;

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

/** A human drag: enough samples, finite numbers, time never going back, and not instantaneous. */
export function plausibleTrack(track: unknown): boolean {
  if (!Array.isArray(track) || track.length < MIN_TRACK_SAMPLES || track.length > MAX_TRACK_SAMPLES) return false;
  let previous = -Infinity;
  for (const sample of track) {
    if (!Array.isArray(sample) || sample.length < 2) return false;
    const [x, t] = sample as unknown[];
    if (typeof x !== 'number' || typeof t !== 'number' || !Number.isFinite(x) || !Number.isFinite(t)) return false;
    if (t < previous) return false;
    previous = t;
  }
  const first = (track[0] as number[])[1]!;
  const last = (track[track.length - 1] as number[])[1]!;
  return last - first >= MIN_DRAG_MS;
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
  return plausibleTrack(solution.track);
}
