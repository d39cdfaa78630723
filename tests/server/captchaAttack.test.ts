/**
 * Issue 17: the slider captcha against a script. A 100-line pixel matcher (the piece against the
 * darkened hole) solved 5 of 5 fresh challenges and got SMS sent. The attacker in
 * ./captcha-attacker.ts tries the natural approaches on what a browser gets (the two PNGs and
 * pieceY): the piece's alpha mask as a template slid along its row, scored by edges, edges across
 * the outline, darkness, normalised cross-correlation, the old helper's "background = piece / 2",
 * dark-area fit, and all of them combined.
 *
 * Measured over 1000 pictures of server/providers/captcha/image.ts, the real hole was picked by
 * edges 0.1%, orientedEdges 0.1%, darkness 2.6%, content 1.2%, legacy 0.8%, area 4.3%, combined
 * 0.2% of the time, while some hole (nearly always a decoy) was picked 95-100% of the time, except
 * by content (10%: the piece's picture comes from elsewhere). One run of the test below: combined
 * 0 of 50 (no SMS sent), darkness 2, area 3, the others 0. A blind guess lands within the
 * tolerance about 5% of the time. The same attacker against the picture before issue 17 (git
 * history of image.ts) scored 100% with every approach but area (54%). The bound asserted, at most
 * 20% of 50 (10 challenges), is far above all of these: at 4.3% the chance of 11 or more hits in
 * 50 is about 7 in a million, at 2.6% about 5 in 100 million.
 *
 * The drag track: a script that knows x still has to send a hand's drag; see trackProblem.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_TOLERANCE_PX } from '../../src/domain/account/captcha';
import { plausibleTrack, trackProblem } from '../../server/accounts/captcha.queries';
import { drawPuzzle, MIN_PIECE_X } from '../../server/providers/captcha/image';
import { answerOf, fetchChallenge, freshIp, freshMobile, humanTrack, sendSms, solution } from './accounts-helpers';
import { attack, decodeImage, STRATEGIES, type Strategy } from './captcha-attacker';
import { createTestApp, type TestApp } from './harness';

const CHALLENGES = 50;
/** At most this share of the challenges may fall to any one approach. */
const MAX_SOLVED_SHARE = 0.2;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const near = (guess: number, x: number): boolean => Math.abs(guess - x) <= CAPTCHA_TOLERANCE_PX;
const zeroes = (): Record<Strategy, number> => Object.fromEntries(STRATEGIES.map((s) => [s, 0])) as Record<Strategy, number>;

describe('an attacker matching the pictures', () => {
  it(`solves at most ${MAX_SOLVED_SHARE * 100}% of ${CHALLENGES} fresh challenges with any approach, dropping with a hand's drag`, async () => {
    const solved = zeroes();
    let smsSent = 0;
    for (let i = 0; i < CHALLENGES; i++) {
      const challenge = await fetchChallenge(t);
      const guesses = attack(await decodeImage(challenge.background), await decodeImage(challenge.piece), challenge.pieceY, MIN_PIECE_X);
      const x = await answerOf(t, challenge.challengeId);
      for (const s of STRATEGIES) if (near(guesses[s], x)) solved[s]++;
      // The attacker's own pick goes to the server, with a drag the track check lets through.
      const res = await sendSms(t, freshMobile(), 'REGISTER', freshIp(), solution(challenge.challengeId, guesses.combined));
      if (res.json().data === true) smsSent++;
    }
    expect(smsSent, 'the server judges the combined pick as the test does').toBe(solved.combined);
    for (const s of STRATEGIES) expect(solved[s], `${s}: ${solved[s]} of ${CHALLENGES}`).toBeLessThanOrEqual(CHALLENGES * MAX_SOLVED_SHARE);
  }, 120_000);

  it('is fooled, not blind: its picks land on a hole (a decoy) nearly every time', async () => {
    const onAHole = zeroes();
    for (let i = 0; i < CHALLENGES; i++) {
      const puzzle = drawPuzzle();
      expect(puzzle.decoys.length).toBeGreaterThanOrEqual(2);
      const guesses = attack(await decodeImage(puzzle.background), await decodeImage(puzzle.piece), puzzle.y, MIN_PIECE_X);
      for (const s of STRATEGIES) if ([puzzle.x, ...puzzle.decoys].some((hole) => near(guesses[s], hole))) onAHole[s]++;
    }
    // Measured: 95-100% for every approach but content (see the header).
    for (const s of ['edges', 'orientedEdges', 'darkness', 'combined'] as const) expect(onAHole[s], s).toBeGreaterThanOrEqual(CHALLENGES * 0.8);
  }, 120_000);
});

describe('the drag track', () => {
  /** Evenly spaced samples at one speed, as a script writes them. */
  const straight = (x: number, samples: number, stepMs: number): [number, number][] =>
    Array.from({ length: samples + 1 }, (_, i) => [Math.round((x * i) / samples), i * stepMs]);

  it('lets a human-like drag through: speeding up, slowing down, held, released where the piece lies', () => {
    for (const x of [MIN_PIECE_X, 120, 200, 264]) expect(trackProblem(humanTrack(x), x), `x ${x}`).toBeNull();
    expect(plausibleTrack(humanTrack(150), 150)).toBe(true);
  });

  it('refuses a straight drag at one constant speed, even with a pause at either end', () => {
    expect(trackProblem(straight(150, 12, 50), 150)).toBe('uniform');
    expect(trackProblem(straight(150, 40, 16), 150)).toBe('uniform');
    expect(trackProblem([[0, 0], ...straight(150, 40, 16).map(([x, ms]): [number, number] => [x, ms + 300]), [150, 1100]], 150)).toBe('uniform');
  });

  it('lets the arrow keys through: 2 px a press, at the key repeat rate, then Enter', () => {
    const keys: [number, number][] = [
      [0, 0],
      [2, 0],
    ];
    let ms = 500;
    for (let x = 4; x <= 260; x += 2, ms += 33) keys.push([x, ms]);
    keys.push([260, ms + 150]);
    expect(trackProblem(keys, 260)).toBeNull();
  });

  it('refuses a few samples, an instant or endless drag, a track ending elsewhere, a zigzag', () => {
    const human = humanTrack(150);
    expect(trackProblem(human.slice(0, 5).concat([[150, 400]]), 150)).toBe('samples');
    expect(
      trackProblem(
        human.map(([x, ms]): [number, number] => [x, ms / 10]),
        150,
      ),
    ).toBe('duration');
    expect(
      trackProblem(
        human.map(([x, ms]): [number, number] => [x, ms * 200]),
        150,
      ),
    ).toBe('duration');
    expect(trackProblem(human, 180)).toBe('end');
    expect(
      trackProblem(
        human.map(([x, ms]): [number, number] => [x + 20, ms]),
        170,
      ),
    ).toBe('start');
    expect(trackProblem([...human, [400, 2000]], 400)).toBe('range');
    const zigzag: [number, number][] = [[0, 0], ...Array.from({ length: 30 }, (_, i): [number, number] => [i % 2 ? 150 : 10 + i, 20 + i * 25]), [150, 900]];
    expect(trackProblem(zigzag, 150)).toBe('backtrack');
    expect(trackProblem([[0, 0], ...human.slice(2, 5), human[1]!, ...human.slice(5)], 150)).toBe('time');
    expect(trackProblem('nope', 150)).toBe('format');
    expect(trackProblem([[0, 'x'], ...human], 150)).toBe('format');
  });

  it('is checked by the server: the right x with a script-straight drag sends no SMS', async () => {
    const challenge = await fetchChallenge(t);
    const x = await answerOf(t, challenge.challengeId);
    const res = await sendSms(t, freshMobile(), 'REGISTER', freshIp(), solution(challenge.challengeId, x, straight(x, 12, 50)));
    expect(res.json().data).toBe(400);
    const next = await fetchChallenge(t);
    const nextX = await answerOf(t, next.challengeId);
    expect((await sendSms(t, freshMobile(), 'REGISTER', freshIp(), solution(next.challengeId, nextX))).json().data).toBe(true);
  });
});
