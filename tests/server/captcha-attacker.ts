/**
 * The slider captcha as an attacker solves it (issue 17): decode the two PNGs the challenge
 * carries, make a template of the piece's alpha mask and slide it along the piece's row, scoring
 * each x the usual ways, and drop the piece at the best one. Nothing here knows how the server
 * draws: it only uses what a browser gets.
 *
 * - edges: gradient magnitude of the background under the template's outline (a hole has edges
 *   where the piece has its outline);
 * - orientedEdges: the same, counting only the gradient across the outline (its normal);
 * - darkness: how much darker the template's inside is than a ring around it (holes are shaded);
 * - content: normalised cross-correlation of the piece's pixels with the background's (the hole
 *   shows the piece's picture, darkened — invariant to any brightness and contrast change);
 * - legacy: the old e2e helper, background ≈ piece / 2 inside the mask;
 * - area: how well the dark blob under the template fills it and nothing around it;
 * - combined: the sum of the z-scores of edges, orientedEdges, darkness and content.
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';

export interface Pixels {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

export const STRATEGIES = ['edges', 'orientedEdges', 'darkness', 'content', 'legacy', 'area', 'combined'] as const;
export type Strategy = (typeof STRATEGIES)[number];

/** A data URL or PNG bytes to RGBA pixels. */
export async function decodeImage(image: string | Buffer): Promise<Pixels> {
  const source = typeof image === 'string' ? Buffer.from(image.replace(/^data:image\/\w+;base64,/, ''), 'base64') : image;
  const img = await loadImage(source);
  const canvas = createCanvas(img.width, img.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(img, 0, 0);
  return { width: img.width, height: img.height, data: ctx.getImageData(0, 0, img.width, img.height).data };
}

function luminance({ width, height, data }: Pixels): Float32Array {
  const out = new Float32Array(width * height);
  for (let i = 0; i < out.length; i++) out[i] = 0.299 * data[i * 4]! + 0.587 * data[i * 4 + 1]! + 0.114 * data[i * 4 + 2]!;
  return out;
}

/** A 3x3 box blur: the noise goes, the holes' edges stay. */
function blur(src: Float32Array, width: number, height: number): Float32Array {
  const out = new Float32Array(src.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      let n = 0;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          const yy = y + dy;
          if (xx < 0 || yy < 0 || xx >= width || yy >= height) continue;
          sum += src[yy * width + xx]!;
          n++;
        }
      }
      out[y * width + x] = sum / n;
    }
  }
  return out;
}

function sobel(src: Float32Array, width: number, height: number): { gx: Float32Array; gy: Float32Array } {
  const gx = new Float32Array(src.length);
  const gy = new Float32Array(src.length);
  const at = (x: number, y: number) => src[Math.min(height - 1, Math.max(0, y)) * width + Math.min(width - 1, Math.max(0, x))]!;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      gx[y * width + x] = at(x + 1, y - 1) + 2 * at(x + 1, y) + at(x + 1, y + 1) - at(x - 1, y - 1) - 2 * at(x - 1, y) - at(x - 1, y + 1);
      gy[y * width + x] = at(x - 1, y + 1) + 2 * at(x, y + 1) + at(x + 1, y + 1) - at(x - 1, y - 1) - 2 * at(x, y - 1) - at(x + 1, y - 1);
    }
  }
  return { gx, gy };
}

interface Template {
  /** Offsets (i, j) inside the piece box. */
  inside: [number, number][];
  ring: [number, number][];
  /** Outline pixels with their outward unit normal. */
  outline: [number, number, number, number][];
  /** The piece's luminance at each `inside` pixel. */
  pieceLum: number[];
  /** The old helper's pixels: opaque and not the white outline, with their RGB. */
  legacy: [number, number, number, number, number][];
}

function template(piece: Pixels): Template {
  const { width: w, height: h, data } = piece;
  const alpha = (i: number, j: number) => (i < 0 || j < 0 || i >= w || j >= h ? 0 : data[(j * w + i) * 4 + 3]!);
  const solid = (i: number, j: number) => alpha(i, j) >= 128;
  const lum = luminance(piece);
  const t: Template = { inside: [], ring: [], outline: [], pieceLum: [], legacy: [] };
  for (let j = 0; j < h; j++) {
    for (let i = 0; i < w; i++) {
      if (solid(i, j)) {
        t.inside.push([i, j]);
        t.pieceLum.push(lum[j * w + i]!);
        const p = (j * w + i) * 4;
        if (alpha(i, j) >= 250 && !(data[p]! > 225 && data[p + 1]! > 225 && data[p + 2]! > 225)) t.legacy.push([i, j, data[p]!, data[p + 1]!, data[p + 2]!]);
        if (!solid(i - 1, j) || !solid(i + 1, j) || !solid(i, j - 1) || !solid(i, j + 1)) {
          // The outward normal: down the alpha gradient.
          const nx = alpha(i - 1, j) - alpha(i + 1, j);
          const ny = alpha(i, j - 1) - alpha(i, j + 1);
          const len = Math.hypot(nx, ny) || 1;
          t.outline.push([i, j, nx / len, ny / len]);
        }
      } else {
        let near = false;
        for (let dy = -3; dy <= 3 && !near; dy++) for (let dx = -3; dx <= 3 && !near; dx++) near = solid(i + dx, j + dy);
        if (near) t.ring.push([i, j]);
      }
    }
  }
  return t;
}

const argmax = (scores: Map<number, number>): number => [...scores].reduce((best, entry) => (entry[1] > best[1] ? entry : best))[0];

function zScores(scores: Map<number, number>): Map<number, number> {
  const values = [...scores.values()];
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const sd = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length) || 1;
  return new Map([...scores].map(([x, v]) => [x, (v - mean) / sd]));
}

/**
 * The x each strategy would drop the piece at. `fromX` is where holes can start (an attacker
 * learns it from a few challenges: never under the piece's start position).
 */
export function attack(background: Pixels, piece: Pixels, pieceY: number, fromX = 0): Record<Strategy, number> {
  const { width: W, height: H } = background;
  const rawLum = luminance(background);
  const lum = blur(rawLum, W, H);
  const { gx, gy } = sobel(lum, W, H);
  const t = template(piece);
  const idx = (x: number, i: number, j: number) => Math.min(H - 1, Math.max(0, pieceY + j)) * W + Math.min(W - 1, x + i);

  const pieceMean = t.pieceLum.reduce((a, b) => a + b, 0) / t.pieceLum.length;
  const pieceDev = t.pieceLum.map((v) => v - pieceMean);
  const pieceNorm = Math.sqrt(pieceDev.reduce((a, b) => a + b * b, 0)) || 1;

  const scores = Object.fromEntries(STRATEGIES.map((s) => [s, new Map<number, number>()])) as Record<Strategy, Map<number, number>>;
  for (let x = fromX; x <= W - piece.width; x++) {
    let edges = 0;
    let oriented = 0;
    for (const [i, j, nx, ny] of t.outline) {
      const k = idx(x, i, j);
      edges += Math.hypot(gx[k]!, gy[k]!);
      // A hole is darker inside: the luminance rises outward, along the normal.
      oriented += Math.max(0, gx[k]! * nx + gy[k]! * ny);
    }
    scores.edges.set(x, edges / t.outline.length);
    scores.orientedEdges.set(x, oriented / t.outline.length);

    let inside = 0;
    const under: number[] = [];
    for (const [i, j] of t.inside) {
      const v = lum[idx(x, i, j)]!;
      inside += v;
      under.push(v);
    }
    let ring = 0;
    for (const [i, j] of t.ring) ring += lum[idx(x, i, j)]!;
    const insideMean = inside / t.inside.length;
    const ringMean = ring / t.ring.length;
    scores.darkness.set(x, ringMean - insideMean);

    let cross = 0;
    let norm = 0;
    for (let n = 0; n < under.length; n++) {
      const d = under[n]! - insideMean;
      cross += d * pieceDev[n]!;
      norm += d * d;
    }
    scores.content.set(x, cross / (pieceNorm * (Math.sqrt(norm) || 1)));

    let err = 0;
    for (const [i, j, r, g, b] of t.legacy) {
      const p = idx(x, i, j) * 4;
      err += Math.abs(background.data[p]! - r / 2) + Math.abs(background.data[p + 1]! - g / 2) + Math.abs(background.data[p + 2]! - b / 2);
    }
    scores.legacy.set(x, -err / (t.legacy.length || 1));
  }

  // area: the darkest 30% of the row's pixels are "hole"; the template should cover them and its ring should not.
  const band: number[] = [];
  for (let j = 0; j < piece.height; j++) for (let x = 0; x < W; x++) band.push(lum[idx(x, 0, j)]!);
  band.sort((a, b) => a - b);
  const cut = band[Math.floor(band.length * 0.3)]!;
  for (let x = fromX; x <= W - piece.width; x++) {
    let fit = 0;
    for (const [i, j] of t.inside) fit += lum[idx(x, i, j)]! <= cut ? 1 : -1;
    for (const [i, j] of t.ring) fit += lum[idx(x, i, j)]! <= cut ? -1 : 0;
    scores.area.set(x, fit);
  }

  const parts = (['edges', 'orientedEdges', 'darkness', 'content'] as const).map((s) => zScores(scores[s]));
  for (const x of scores.edges.keys())
    scores.combined.set(
      x,
      parts.reduce((sum, part) => sum + part.get(x)!, 0),
    );

  return Object.fromEntries(STRATEGIES.map((s) => [s, argmax(scores[s])])) as Record<Strategy, number>;
}
