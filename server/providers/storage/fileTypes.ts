/**
 * What an uploaded file really is, from its first bytes (the name and the declared type are the
 * client's word), and an image's size from its header without decoding it: a tiny file claiming
 * 50000x50000 pixels is refused before anything allocates for it.
 */

export type ImageExt = 'jpg' | 'png' | 'gif' | 'webp';
export type FileExt = 'pdf' | 'doc' | 'docx' | 'xls' | 'xlsx' | 'zip' | 'jpg' | 'png';

export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
};

/** The largest side we accept; bigger images are almost always an attack or a mistake. */
export const MAX_IMAGE_SIDE = 10_000;

const startsWith = (buf: Buffer, bytes: readonly number[], offset = 0): boolean =>
  buf.length >= offset + bytes.length && bytes.every((b, i) => buf[offset + i] === b);

export function sniffImage(buf: Buffer): ImageExt | null {
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(buf, [0x47, 0x49, 0x46, 0x38]) && (buf[4] === 0x37 || buf[4] === 0x39) && buf[5] === 0x61) return 'gif';
  if (startsWith(buf, [0x52, 0x49, 0x46, 0x46]) && startsWith(buf, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

function jpegSize(buf: Buffer): { width: number; height: number } | null {
  let i = 2;
  while (i + 9 < buf.length) {
    if (buf[i] !== 0xff) return null;
    const marker = buf[i + 1]!;
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    // Markers without a length.
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    const length = buf.readUInt16BE(i + 2);
    // SOF0-SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: buf.readUInt16BE(i + 5), width: buf.readUInt16BE(i + 7) };
    }
    i += 2 + length;
  }
  return null;
}

function webpSize(buf: Buffer): { width: number; height: number } | null {
  if (buf.length < 30) return null;
  const chunk = buf.toString('ascii', 12, 16);
  if (chunk === 'VP8 ') {
    // Key frame start code 9d 01 2a, then 14-bit width and height.
    if (!startsWith(buf, [0x9d, 0x01, 0x2a], 23)) return null;
    return { width: buf.readUInt16LE(26) & 0x3fff, height: buf.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    if (buf[20] !== 0x2f) return null;
    const bits = buf.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') {
    return { width: buf.readUIntLE(24, 3) + 1, height: buf.readUIntLE(27, 3) + 1 };
  }
  return null;
}

/** Width and height from the header; null when the header is not what the type promises. */
export function imageSize(buf: Buffer, ext: ImageExt): { width: number; height: number } | null {
  let size: { width: number; height: number } | null = null;
  try {
    switch (ext) {
      case 'png':
        // IHDR must be the first chunk.
        size = buf.toString('ascii', 12, 16) === 'IHDR' ? { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) } : null;
        break;
      case 'gif':
        size = buf.length >= 10 ? { width: buf.readUInt16LE(6), height: buf.readUInt16LE(8) } : null;
        break;
      case 'jpg':
        size = jpegSize(buf);
        break;
      case 'webp':
        size = webpSize(buf);
        break;
    }
  } catch {
    return null;
  }
  if (!size || size.width < 1 || size.height < 1 || size.width > MAX_IMAGE_SIDE || size.height > MAX_IMAGE_SIDE) return null;
  return size;
}

const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** The extension a file may keep: its name's, and only when the bytes agree with it. */
export function sniffFile(buf: Buffer, fileName: string): FileExt | null {
  const ext = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase();
  const normalized = ext === 'jpeg' ? 'jpg' : ext;
  switch (normalized) {
    case 'pdf':
      return startsWith(buf, [0x25, 0x50, 0x44, 0x46, 0x2d]) ? 'pdf' : null;
    case 'doc':
    case 'xls':
      return startsWith(buf, OLE_MAGIC) ? normalized : null;
    case 'docx':
    case 'xlsx':
    case 'zip':
      // Office Open XML files are zip archives; an empty zip starts with the end-of-directory record.
      return startsWith(buf, [0x50, 0x4b, 0x03, 0x04]) || (normalized === 'zip' && startsWith(buf, [0x50, 0x4b, 0x05, 0x06])) ? normalized : null;
    case 'jpg':
    case 'png':
      return sniffImage(buf) === normalized ? normalized : null;
    default:
      return null;
  }
}

/** A file name fit to show back: no path, no control characters, at most 100 characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- removing control characters is the point.
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return [...cleaned].slice(-100).join('') || 'file';
}
