/**
 * Draws one slider puzzle with @napi-rs/canvas: a procedural background (random gradient, shapes
 * and noise, never the same twice, so no image set can be pre-solved) with jigsaw holes, and the
 * piece as a transparent PNG. The real hole's x is returned to the caller, who keeps it
 * server-side; nothing in the images' metadata carries it.
 *
 * The picture resists simple image matching (issue 17) while a person still sees which hole the
 * piece fits, by its outline:
 * - Every challenge has its own piece: a square body with one flat side and a tab or a blank on
 *   each other side, knobs of random size.
 * - DECOY_HOLES more holes sit on the piece's row, each with an outline that differs from the
 *   piece's on at least three of its four sides.
 * - The piece's picture comes from another place of the background, calmed and colour-shifted,
 *   so comparing its pixels with what lies under or around a hole finds nothing.
 * - The piece wears an opaque rim of 2.6-3.5 px around its outline, lit like a bevel (lighter on
 *   one side, darker on the other). The real hole is cut at the bare outline (the rim covers it
 *   when the piece is dropped in), two decoys at the rimmed size and one smaller. A template made
 *   from the piece's alpha mask therefore lines up better with the decoys' edges, area and
 *   darkness than with the real hole; the real hole is also a little fainter than those two.
 * - Every hole has its own dark gradient, edge line (light or dark) and faint halo; the
 *   background gets its own noise and strokes across the holes.
 * The attacker's matcher in tests/server/captcha-attacker.ts, run by captchaAttack.test.ts, finds a
 * hole nearly every time and the real one about as often as a blind guess. A solver written
 * against this generator (the hole least like the piece's size, or the right outline read by
 * shape) is not what this stops: the drag-track check and the rate limits are the other layers.
 */
import { CAPTCHA_PIECE_SIZE } from '../../../src/domain/account/captcha';
import { randomInt } from 'node:crypto';
import { createCanvas, Path2D, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { encodeOpaquePng } from './png';

export const CAPTCHA_WIDTH = 320;
export const CAPTCHA_HEIGHT = 160;
export const PIECE_SIZE = CAPTCHA_PIECE_SIZE;
/** The hole starts at least this far from the left edge, so the piece's start position never already solves it. */
export const MIN_PIECE_X = PIECE_SIZE + 10;
/** Holes besides the real one, on the same row. */
export const DECOY_HOLES = 3;
const EDGE_MARGIN = 6;
const HOLE_GAP = 4;
/** Half the side of the piece's square body, centred in its PIECE_SIZE box. */
const BODY_HALF = 12;

export interface PuzzleImages {
  /** PNG bytes. */
  background: Buffer;
  piece: Buffer;
  x: number;
  y: number;
  /** Left edges of the decoy holes: for tests, never stored nor sent. */
  decoys: number[];
}

type KnobKind = 'tab' | 'blank' | 'flat';
interface Knob {
  kind: KnobKind;
  /** Where along the side (0-1, walking the outline clockwise) the knob sits. */
  at: number;
  r: number;
}
/** A jigsaw outline: a knob per side, clockwise from the top. */
type PieceShape = readonly [Knob, Knob, Knob, Knob];

const rand = (min: number, max: number): number => randomInt(min, max + 1);
/** A uniform float in [min, max), from the crypto source: the geometry is what the answer hides in. */
const randf = (min: number, max: number): number => min + ((max - min) * randomInt(0, 1 << 30)) / (1 << 30);
const hsl = (h: number, s: number, l: number, a = 1): string => `hsla(${h}, ${s}%, ${l}%, ${a})`;
const clampByte = (v: number): number => (v < 0 ? 0 : v > 255 ? 255 : v);

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(0, i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

function randomKnob(kind: KnobKind): Knob {
  // Kept small enough that a rimmed tab stays inside the box and two blanks never meet at a corner.
  return { kind, at: randf(0.46, 0.54), r: randf(5.4, 6.4) };
}

/** One flat side and a tab or a blank on each other side, as on a jigsaw's edge piece: the flat side shows the way up. */
function randomShape(): PieceShape {
  const knobs = Array.from({ length: 4 }, () => randomKnob(randomInt(0, 5) < 3 ? 'tab' : 'blank'));
  knobs[randomInt(0, 4)] = randomKnob('flat');
  return knobs as unknown as PieceShape;
}

/** How many sides of two outlines differ in kind (tab, blank, flat): what a person compares. */
const sidesApart = (a: PieceShape, b: PieceShape): number => a.filter((knob, side) => knob.kind !== b[side]!.kind).length;

/**
 * Outlines a person tells from `shape` at a glance: at least three of the four sides differ (a
 * turned copy of the piece often differs in only two, too close to tell quickly at 320 px), and
 * the decoys differ from each other.
 */
function decoyShapes(shape: PieceShape, count: number): PieceShape[] {
  const kinds: KnobKind[] = ['tab', 'tab', 'blank', 'blank', 'flat'];
  const decoys: PieceShape[] = [];
  while (decoys.length < count) {
    const candidate = Array.from({ length: 4 }, () => randomKnob(kinds[randomInt(0, kinds.length)]!)) as unknown as PieceShape;
    const flats = candidate.filter((knob) => knob.kind === 'flat').length;
    if (flats <= 2 && sidesApart(candidate, shape) >= 3 && decoys.every((other) => sidesApart(candidate, other) >= 2)) decoys.push(candidate);
  }
  return decoys;
}

/** The outline inside a PIECE_SIZE box, walked clockwise from the body's top-left corner. */
function outline(shape: PieceShape): Path2D {
  const path = new Path2D();
  const c = PIECE_SIZE / 2;
  const h = BODY_HALF;
  const corners = [
    [c - h, c - h],
    [c + h, c - h],
    [c + h, c + h],
    [c - h, c + h],
  ] as const;
  path.moveTo(c - h, c - h);
  for (let side = 0; side < 4; side++) {
    const [sx, sy] = corners[side]!;
    const [ex, ey] = corners[(side + 1) % 4]!;
    const knob = shape[side]!;
    if (knob.kind !== 'flat') {
      const dir = (side * Math.PI) / 2;
      const ux = Math.cos(dir);
      const uy = Math.sin(dir);
      const mx = sx + ux * knob.at * 2 * h;
      const my = sy + uy * knob.at * 2 * h;
      // The knob's circle sits a little past the side, so it has a neck like a real jigsaw piece.
      const e = knob.r * 0.25;
      const chord = Math.sqrt(knob.r * knob.r - e * e);
      const phi = Math.atan2(e, chord);
      const out = knob.kind === 'tab' ? 1 : -1;
      path.lineTo(mx - ux * chord, my - uy * chord);
      if (knob.kind === 'tab') path.arc(mx + uy * e * out, my - ux * e * out, knob.r, dir + Math.PI - phi, dir + phi, false);
      else path.arc(mx + uy * e * out, my - ux * e * out, knob.r, dir + Math.PI + phi, dir - phi, true);
    }
    path.lineTo(ex, ey);
  }
  path.closePath();
  return path;
}

/** A PIECE_SIZE canvas holding the outline grown by `grow` px (shrunk when negative), opaque black. */
function silhouette(path: Path2D, grow: number): { canvas: Canvas; ctx: SKRSContext2D } {
  const canvas = createCanvas(PIECE_SIZE, PIECE_SIZE);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#000';
  ctx.strokeStyle = '#000';
  ctx.lineJoin = 'round';
  ctx.fill(path);
  if (grow !== 0) {
    ctx.lineWidth = 2 * Math.abs(grow);
    if (grow < 0) ctx.globalCompositeOperation = 'destination-out';
    ctx.stroke(path);
    ctx.globalCompositeOperation = 'source-over';
  }
  return { canvas, ctx };
}

/** A line of `width` px along the outline grown by `grow`. */
function edgeLine(path: Path2D, grow: number, width: number, style: string): Canvas {
  const { canvas, ctx } = silhouette(path, grow + width / 2);
  ctx.globalCompositeOperation = 'destination-out';
  ctx.drawImage(silhouette(path, grow - width / 2).canvas, 0, 0);
  ctx.globalCompositeOperation = 'source-in';
  ctx.fillStyle = style;
  ctx.fillRect(0, 0, PIECE_SIZE, PIECE_SIZE);
  return canvas;
}

function drawBackground(ctx: SKRSContext2D): void {
  const hue = rand(0, 359);
  const gradient = ctx.createLinearGradient(0, rand(0, CAPTCHA_HEIGHT), CAPTCHA_WIDTH, rand(0, CAPTCHA_HEIGHT));
  gradient.addColorStop(0, hsl(hue, rand(45, 75), rand(55, 70)));
  gradient.addColorStop(0.5, hsl((hue + rand(40, 120)) % 360, rand(45, 75), rand(50, 65)));
  gradient.addColorStop(1, hsl((hue + rand(150, 240)) % 360, rand(45, 75), rand(45, 65)));
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, CAPTCHA_WIDTH, CAPTCHA_HEIGHT);

  // Shapes give the holes edges to hide among: a flat gradient would make them trivial to spot by diffing columns.
  for (let i = rand(16, 24); i > 0; i--) {
    ctx.fillStyle = hsl(rand(0, 359), rand(40, 90), rand(30, 80), rand(25, 65) / 100);
    const x = rand(-20, CAPTCHA_WIDTH);
    const y = rand(-20, CAPTCHA_HEIGHT);
    const size = rand(12, 60);
    ctx.beginPath();
    switch (rand(0, 2)) {
      case 0:
        ctx.arc(x, y, size / 2, 0, Math.PI * 2);
        break;
      case 1:
        ctx.rect(x, y, size, rand(10, 50));
        break;
      default:
        ctx.moveTo(x, y);
        ctx.lineTo(x + size, y + rand(-30, 30));
        ctx.lineTo(x + rand(-30, 30), y + size);
        ctx.closePath();
    }
    ctx.fill();
  }
  strokes(ctx, rand(4, 8), 0.5);
}

function strokes(ctx: SKRSContext2D, count: number, alpha: number): void {
  for (let i = count; i > 0; i--) {
    ctx.strokeStyle = hsl(rand(0, 359), 60, rand(25, 85), alpha);
    ctx.lineWidth = rand(1, 3);
    ctx.beginPath();
    ctx.moveTo(rand(0, CAPTCHA_WIDTH), rand(0, CAPTCHA_HEIGHT));
    ctx.bezierCurveTo(
      rand(0, CAPTCHA_WIDTH),
      rand(0, CAPTCHA_HEIGHT),
      rand(0, CAPTCHA_WIDTH),
      rand(0, CAPTCHA_HEIGHT),
      rand(0, CAPTCHA_WIDTH),
      rand(0, CAPTCHA_HEIGHT),
    );
    ctx.stroke();
  }
}

/** A fast xorshift source for pixel noise, seeded from the crypto source: noise hides nothing, it only needs to be cheap. */
function noiseSource(): () => number {
  let state = randomInt(1, 2 ** 31);
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

/** `share` of the pixels nudged by up to ±amount/2, each channel a little on its own; answers the pixels. */
function addNoise(ctx: SKRSContext2D, width: number, height: number, share: number, amount: number): Uint8ClampedArray {
  const data = ctx.getImageData(0, 0, width, height).data;
  const random = noiseSource();
  for (let i = 0; i < data.length; i += 4) {
    if (random() >= share) continue;
    const base = (random() - 0.5) * amount;
    data[i] = clampByte(data[i]! + base + (random() - 0.5) * 6);
    data[i + 1] = clampByte(data[i + 1]! + base + (random() - 0.5) * 6);
    data[i + 2] = clampByte(data[i + 2]! + base + (random() - 0.5) * 6);
  }
  return data;
}

/** How a hole is drawn: its outline grown by `grow` px, the opacity of its dark fill and of its edge line. */
interface HoleLook {
  grow: number;
  fill: number;
  line: number;
}

/** A hole: a dark gradient of its own, a faint light halo just outside, an edge line light or dark. */
function drawHole(ctx: SKRSContext2D, path: Path2D, left: number, top: number, look: HoleLook): void {
  const { canvas, ctx: hole } = silhouette(path, look.grow);
  hole.globalCompositeOperation = 'source-in';
  const angle = randf(0, Math.PI * 2);
  const c = PIECE_SIZE / 2;
  const gradient = hole.createLinearGradient(c - Math.cos(angle) * c, c - Math.sin(angle) * c, c + Math.cos(angle) * c, c + Math.sin(angle) * c);
  const hue = rand(0, 359);
  const sat = rand(0, 35);
  const light = rand(6, 14);
  gradient.addColorStop(0, hsl(hue, sat, light, look.fill + randf(-0.04, 0.04)));
  gradient.addColorStop(1, hsl(hue, sat, light + rand(0, 10), look.fill + randf(-0.04, 0.04)));
  hole.fillStyle = gradient;
  hole.fillRect(0, 0, PIECE_SIZE, PIECE_SIZE);

  const halo = randf(2, 3);
  ctx.drawImage(edgeLine(path, look.grow + halo / 2, halo, hsl(0, 0, 100, randf(0.15, 0.3))), left, top);
  const style = randomInt(0, 2) ? hsl(0, 0, 100, look.line) : hsl(hue, sat, 8, look.line);
  hole.globalCompositeOperation = 'source-over';
  hole.drawImage(edgeLine(path, look.grow, randf(0.8, 1.6), style), 0, 0);
  ctx.drawImage(canvas, left, top);
}

/** The left edges of 1 + DECOY_HOLES boxes on one row, in order, with random gaps. */
function holeSlots(): number[] {
  const from = MIN_PIECE_X;
  const to = CAPTCHA_WIDTH - EDGE_MARGIN;
  const count = 1 + DECOY_HOLES;
  const slack = to - from - count * PIECE_SIZE - (count - 1) * HOLE_GAP;
  const cuts = Array.from({ length: count }, () => rand(0, slack)).sort((a, b) => a - b);
  return cuts.map((cut, i) => from + cut + i * (PIECE_SIZE + HOLE_GAP));
}

/** A box of the picture that does not overlap the real hole's box (left, top). */
function pieceSource(x: number, y: number): [number, number] {
  for (;;) {
    const left = rand(0, CAPTCHA_WIDTH - PIECE_SIZE);
    const top = rand(0, CAPTCHA_HEIGHT - PIECE_SIZE);
    if (Math.abs(left - x) >= PIECE_SIZE || Math.abs(top - y) >= PIECE_SIZE) return [left, top];
  }
}

/** The piece: a picture from `source`, inside the rimmed outline, colour-shifted, rimmed, shaded and noised. */
function drawPiece(source: Canvas, sourceLeft: number, sourceTop: number, path: Path2D, rim: number): Canvas {
  const { canvas, ctx } = silhouette(path, rim);
  ctx.globalCompositeOperation = 'source-in';
  ctx.drawImage(source, -sourceLeft, -sourceTop);

  const image = ctx.getImageData(0, 0, PIECE_SIZE, PIECE_SIZE);
  const data = image.data;
  // A calmer, colour-shifted copy of the picture: its outline, not its content, is what the eye should read.
  const mean = [0, 0, 0];
  let count = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (data[i + 3]! < 128) continue;
    for (let k = 0; k < 3; k++) mean[k]! += data[i + k]!;
    count++;
  }
  const contrast = randf(0.35, 0.6);
  const random = noiseSource();
  const shift = [randf(-22, 26), randf(-22, 26), randf(-22, 26)];
  for (let i = 0; i < data.length; i += 4) {
    const noise = random() < 0.4 ? (random() - 0.5) * 20 : 0;
    for (let k = 0; k < 3; k++) {
      const m = mean[k]! / (count || 1);
      data[i + k] = clampByte(m + (data[i + k]! - m) * contrast + shift[k]! + noise);
    }
  }
  ctx.putImageData(image, 0, 0);

  // The rim and a line along the piece's edge, lit like a bevel: lighter on one side, darker on the
  // other, so the rim as a whole is neither lighter nor darker than the picture it frames.
  const angle = randf(0, Math.PI * 2);
  const c = PIECE_SIZE / 2;
  const bevel = (alpha: number) => {
    const gradient = ctx.createLinearGradient(c - Math.cos(angle) * c, c - Math.sin(angle) * c, c + Math.cos(angle) * c, c + Math.sin(angle) * c);
    gradient.addColorStop(0, hsl(0, 0, 100, alpha));
    gradient.addColorStop(0.5, hsl(0, 0, 50, 0));
    gradient.addColorStop(1, hsl(0, 0, 0, alpha));
    return gradient;
  };
  ctx.globalCompositeOperation = 'source-atop';
  ctx.lineWidth = 2 * rim;
  ctx.strokeStyle = bevel(randf(0.35, 0.55));
  ctx.stroke(path);
  const line = edgeLine(path, rim - 0.6, 1.2, '#000');
  const lc = line.getContext('2d');
  lc.globalCompositeOperation = 'source-in';
  const lit = lc.createLinearGradient(c - Math.cos(angle) * c, c - Math.sin(angle) * c, c + Math.cos(angle) * c, c + Math.sin(angle) * c);
  lit.addColorStop(0, hsl(0, 0, 100, 0.9));
  lit.addColorStop(1, hsl(0, 0, 0, 0.8));
  lc.fillStyle = lit;
  lc.fillRect(0, 0, PIECE_SIZE, PIECE_SIZE);
  ctx.drawImage(line, 0, 0);
  return canvas;
}

export function drawPuzzle(): PuzzleImages {
  const y = rand(EDGE_MARGIN, CAPTCHA_HEIGHT - PIECE_SIZE - EDGE_MARGIN);
  const slots = holeSlots();
  const x = slots.splice(randomInt(0, slots.length), 1)[0]!;
  const decoys = slots;

  const background = createCanvas(CAPTCHA_WIDTH, CAPTCHA_HEIGHT);
  const bg = background.getContext('2d');
  drawBackground(bg);

  const shape = randomShape();
  const path = outline(shape);
  const rim = randf(2.6, 3.5);
  // The piece is cut from the clean picture before the holes are drawn, away from its own hole.
  const [sourceLeft, sourceTop] = pieceSource(x, y);
  const piece = drawPiece(background, sourceLeft, sourceTop, path, rim);

  // The real hole at the bare outline, under the piece's rim and a little fainter; one decoy
  // smaller, the others at the rimmed piece's size and darker (see the header).
  drawHole(bg, path, x, y, { grow: randf(-0.6, 0.2), fill: randf(0.34, 0.42), line: randf(0.35, 0.6) });
  const looks = shuffle(
    decoys.map((_, i): HoleLook =>
      i === 0
        ? { grow: -randf(0.6, 1.6), fill: randf(0.45, 0.6), line: randf(0.35, 0.7) }
        : { grow: rim + randf(-0.2, 0.6), fill: randf(0.52, 0.64), line: randf(0.45, 0.75) },
    ),
  );
  decoyShapes(shape, decoys.length).forEach((decoy, i) => drawHole(bg, outline(decoy), decoys[i]!, y, looks[i]!));
  strokes(bg, rand(1, 3), 0.35);
  const pixels = addNoise(bg, CAPTCHA_WIDTH, CAPTCHA_HEIGHT, 0.12, 36);

  return { background: encodeOpaquePng(pixels, CAPTCHA_WIDTH, CAPTCHA_HEIGHT), piece: piece.toBuffer('image/png'), x, y, decoys };
}
