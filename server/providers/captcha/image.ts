/**
 * Draws one slider puzzle with @napi-rs/canvas: a procedural background (random gradient, shapes
 * and light noise, never the same twice, so no image set can be pre-solved) with a jigsaw hole, and
 * the matching piece as a transparent PNG. The hole's x is returned to the caller, who keeps it
 * server-side; nothing in the images' metadata carries it.
 */
import { randomInt } from 'node:crypto';
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';

export const CAPTCHA_WIDTH = 320;
export const CAPTCHA_HEIGHT = 160;
export const PIECE_SIZE = 44;
/** The hole starts at least this far from the left edge, so the piece's start position never already solves it. */
export const MIN_PIECE_X = PIECE_SIZE + 10;
const EDGE_MARGIN = 6;

export interface PuzzleImages {
  /** PNG bytes. */
  background: Buffer;
  piece: Buffer;
  x: number;
  y: number;
}

const rand = (min: number, max: number): number => randomInt(min, max + 1);
const hsl = (h: number, s: number, l: number, a = 1): string => `hsla(${h}, ${s}%, ${l}%, ${a})`;

/**
 * The piece outline inside its PIECE_SIZE box: a 30 px square with a round knob on top and on
 * the right, so the shape is not symmetric and cannot be matched upside down.
 */
function tracePiece(ctx: SKRSContext2D, ox: number, oy: number): void {
  const r = 6;
  const left = ox + 2;
  const top = oy + 2 * r + 1;
  const side = PIECE_SIZE - 2 * r - 3;
  const right = left + side;
  const bottom = top + side;
  ctx.beginPath();
  ctx.moveTo(left, top);
  ctx.lineTo(left + side / 2 - r, top);
  ctx.arc(left + side / 2, top, r, Math.PI, 0, false);
  ctx.lineTo(right, top);
  ctx.lineTo(right, top + side / 2 - r);
  ctx.arc(right, top + side / 2, r, -Math.PI / 2, Math.PI / 2, false);
  ctx.lineTo(right, bottom);
  ctx.lineTo(left, bottom);
  ctx.closePath();
}

function drawBackground(ctx: SKRSContext2D): void {
  const hue = rand(0, 359);
  const gradient = ctx.createLinearGradient(0, rand(0, CAPTCHA_HEIGHT), CAPTCHA_WIDTH, rand(0, CAPTCHA_HEIGHT));
  gradient.addColorStop(0, hsl(hue, rand(45, 75), rand(55, 70)));
  gradient.addColorStop(0.5, hsl((hue + rand(40, 120)) % 360, rand(45, 75), rand(50, 65)));
  gradient.addColorStop(1, hsl((hue + rand(150, 240)) % 360, rand(45, 75), rand(45, 65)));
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, CAPTCHA_WIDTH, CAPTCHA_HEIGHT);

  // Shapes give the hole edges to hide among: a flat gradient would make it trivial to spot by diffing columns.
  for (let i = rand(14, 22); i > 0; i--) {
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
  for (let i = rand(4, 8); i > 0; i--) {
    ctx.strokeStyle = hsl(rand(0, 359), 60, rand(25, 85), 0.5);
    ctx.lineWidth = rand(1, 4);
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

  // Light noise: a few percent of pixels nudged, enough to defeat exact template matching.
  const image = ctx.getImageData(0, 0, CAPTCHA_WIDTH, CAPTCHA_HEIGHT);
  const data = image.data;
  for (let i = 0; i < data.length; i += 4) {
    if (Math.random() < 0.08) {
      const delta = Math.round((Math.random() - 0.5) * 40);
      data[i] = Math.max(0, Math.min(255, data[i]! + delta));
      data[i + 1] = Math.max(0, Math.min(255, data[i + 1]! + delta));
      data[i + 2] = Math.max(0, Math.min(255, data[i + 2]! + delta));
    }
  }
  ctx.putImageData(image, 0, 0);
}

export function drawPuzzle(): PuzzleImages {
  const x = rand(MIN_PIECE_X, CAPTCHA_WIDTH - PIECE_SIZE - EDGE_MARGIN);
  const y = rand(EDGE_MARGIN, CAPTCHA_HEIGHT - PIECE_SIZE - EDGE_MARGIN);

  const background = createCanvas(CAPTCHA_WIDTH, CAPTCHA_HEIGHT);
  const bg = background.getContext('2d');
  drawBackground(bg);

  // The piece is cut from the clean background before the hole is drawn.
  const piece = createCanvas(PIECE_SIZE, PIECE_SIZE);
  const pc = piece.getContext('2d');
  pc.save();
  tracePiece(pc, 0, 0);
  pc.clip();
  pc.drawImage(background, -x, -y);
  pc.restore();
  tracePiece(pc, 0, 0);
  pc.lineWidth = 2;
  pc.strokeStyle = 'rgba(255, 255, 255, 0.9)';
  pc.stroke();

  tracePiece(bg, x, y);
  bg.fillStyle = 'rgba(0, 0, 0, 0.5)';
  bg.fill();
  bg.lineWidth = 1.5;
  bg.strokeStyle = 'rgba(255, 255, 255, 0.8)';
  bg.stroke();

  return { background: background.toBuffer('image/png'), piece: piece.toBuffer('image/png'), x, y };
}
