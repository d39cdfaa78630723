/**
 * Each courseware's own key, and its segments encrypted under it as they are served.
 *
 * The media on disk are plain MPEG-TS and many coursewares share one (the demo's two masters), so
 * the key cannot belong to the files: every courseware gets a random AES-128 key of its own in
 * `courseware_media_keys`, made on first use, and every segment leaves the server encrypted under
 * the key of the courseware it was asked for (HLS METHOD=AES-128: CBC with PKCS#7 padding). A free
 * audition's key therefore opens that audition only, never a paid lesson of the same master.
 *
 * The IV is the HLS default, the segment's media sequence number (the playlist starts at 0 and
 * names no IV): under one key every segment has an IV of its own, where one fixed IV would show
 * which segments begin alike. Encrypting a 6-second segment (~75 KB) takes ~0.1 ms.
 */
import { createCipheriv, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { coursewareMediaKeys } from '../../db/schema';

export const AES_KEY_BYTES = 16;

/** The IV of the segment at `sequence` when the playlist gives none (RFC 8216 §5.2): the number, big-endian, in 16 bytes. */
export function segmentIv(sequence: number): Buffer {
  const iv = Buffer.alloc(16);
  iv.writeUInt32BE(sequence, 12);
  return iv;
}

/** A segment as HLS AES-128 carries it: AES-128-CBC under `key`, the sequence number's IV, PKCS#7 padding. */
export function encryptSegment(plain: Buffer, key: Buffer, sequence: number): Buffer {
  const cipher = createCipheriv('aes-128-cbc', key, segmentIv(sequence));
  return Buffer.concat([cipher.update(plain), cipher.final()]);
}

/**
 * The courseware's key: `known` when the caller read it already (playableWare joins it), else the
 * stored one, else a new random one. Two requests making it at once (the player asks for the key
 * and the first segment together) both get the one that was stored first.
 */
export async function coursewareKey(db: Db, coursewareId: number, known: string | null = null): Promise<Buffer> {
  if (known) return Buffer.from(known, 'hex');
  const [made] = await db
    .insert(coursewareMediaKeys)
    .values({ coursewareId, aesKeyHex: randomBytes(AES_KEY_BYTES).toString('hex') })
    .onConflictDoNothing()
    .returning({ aesKeyHex: coursewareMediaKeys.aesKeyHex });
  if (made) return Buffer.from(made.aesKeyHex, 'hex');
  const [stored] = await db
    .select({ aesKeyHex: coursewareMediaKeys.aesKeyHex })
    .from(coursewareMediaKeys)
    .where(eq(coursewareMediaKeys.coursewareId, coursewareId));
  if (!stored) throw new Error(`courseware ${coursewareId}: no media key`);
  return Buffer.from(stored.aesKeyHex, 'hex');
}
