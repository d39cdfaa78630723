/**
 * A small PNG writer for the captcha background: Skia's encoder spends ~8 ms on a noisy 320x160
 * picture (most of a challenge's cost), this one ~1 ms (the Sub filter and Huffman-only deflate:
 * string matching finds little in noise), and the file is smaller. Only IHDR, IDAT and IEND: no
 * metadata chunk can carry anything.
 */
import { constants, crc32, deflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from('89504e470d0a1a0a', 'hex');

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** An opaque RGB PNG of RGBA pixels (as getImageData gives them; alpha is dropped). */
export function encodeOpaquePng(rgba: Uint8ClampedArray, width: number, height: number): Buffer {
  const stride = width * 3 + 1;
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    let o = y * stride;
    raw[o++] = 1; // Sub: each byte minus the same channel of the pixel to its left.
    let r = 0;
    let g = 0;
    let b = 0;
    for (let x = 0, p = y * width * 4; x < width; x++, p += 4) {
      const nr = rgba[p]!;
      const ng = rgba[p + 1]!;
      const nb = rgba[p + 2]!;
      raw[o++] = (nr - r) & 255;
      raw[o++] = (ng - g) & 255;
      raw[o++] = (nb - b) & 255;
      r = nr;
      g = ng;
      b = nb;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 1, strategy: constants.Z_HUFFMAN_ONLY })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
