/**
 * The course media behind getCCConfig's links (server/learning/player.routes.ts), served by learning's plugin:
 * - GET /media/<coursewareId>/index.m3u8?uid&exp&sig — the courseware's HLS playlist: the first
 *   segments of its master up to the courseware's length, every segment URI and the key URI signed
 *   with the same grant;
 * - GET /media/<coursewareId>/seg0000.ts?… — a segment of the master, encrypted as it is served
 *   (AES-128) under this courseware's own key (useless without it, and useless with another
 *   courseware's: a free audition's key opens no paid lesson of the same master);
 * - GET /media/<coursewareId>/key?… — that 16-byte key, only to the grant's user, logged in as
 *   that user (cookie), owning the course now; a free audition's key to anyone;
 * - GET /media/<coursewareId>/document.pdf?… — an e-book courseware's handout, inline.
 * A link is refused once expired, altered, or used by someone else (403).
 * The plain masters are read through the storage (mediaStore.ts): MEDIA_DIR on this machine, or
 * the shared bucket with STORAGE=s3. Either way the bytes leave here encrypted: never a public bucket.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LEARNING_TEXTS } from '../../../src/domain/learning/texts';
import { ownsNow } from '../../commerce/entitlements';
import type { Db } from '../../db/client';
import type { Clock } from '../../shared/clock';
import { demoDocument } from '../../shared/demoDocuments';
import { fail } from '../../shared/envelope';
import { existingSecrets } from '../../shared/secrets';
import type { Storage } from '../../providers/storage/storage';
import { coursewareKey, encryptSegment } from './coursewareKeys';
import { SEGMENT_SECONDS } from './demoMedia';
import { playableWare, type PlayableWare } from './mediaAssets';
import { grantQuery, type MediaGrant, verifyMedia } from './mediaLinks';
import { MasterReader } from './mediaStore';

export interface MediaFilesOptions {
  db: Db;
  storage: Storage;
  clock: Clock;
}

type Params = { id: string; file: string };

export async function mediaFilesPlugin(app: FastifyInstance, { db, storage, clock }: MediaFilesOptions): Promise<void> {
  const masters = new MasterReader(storage);

  const refuse = (reply: FastifyReply, status = 403, msg: string = LEARNING_TEXTS.mediaLinkInvalid) =>
    reply.code(status).header('cache-control', 'no-store').send(fail(status, msg));

  /** The grant of the link and the courseware, when the link holds for whoever asks. */
  async function admit(request: FastifyRequest<{ Params: Params }>): Promise<{ grant: MediaGrant; ware: PlayableWare; secret: Buffer } | null> {
    const secrets = await existingSecrets(db);
    const grant = secrets && verifyMedia(secrets.hmacKey, request.params.id, request.query as Record<string, unknown>, clock.now());
    if (!secrets || !grant) return null;
    const ware = await playableWare(db, grant.coursewareId);
    if (!ware) return null;
    // A visitor's grant opens free auditions only; a user's only for that user, signed in.
    if (grant.userId === 0) return ware.freeAudition ? { grant, ware, secret: secrets.hmacKey } : null;
    if (request.auth?.userId !== grant.userId) return null;
    return { grant, ware, secret: secrets.hmacKey };
  }

  app.get<{ Params: Params }>('/media/:id/:file', { preHandler: app.optionalUser }, async (request, reply) => {
    const admitted = await admit(request);
    if (!admitted) return refuse(reply);
    const { grant, ware, secret } = admitted;
    const { file } = request.params;
    const query = grantQuery(secret, grant);

    if (file === 'document.pdf') {
      if (ware.type !== 'EBOOK') return refuse(reply, 404, LEARNING_TEXTS.noMedia);
      const bytes = demoDocument('pdf', ware.name, [
        '学途教育 · 课程讲义（演示文件）',
        `课件编号：${ware.coursewareId}`,
        '本讲义由学途演示站点生成，正式讲义由运营上传后替换。',
      ])!;
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'inline')
        .header('cache-control', 'private, no-store')
        .header('x-frame-options', 'SAMEORIGIN')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'")
        .send(bytes);
    }

    const asset = ware.asset;
    if (!asset) return refuse(reply, 404, LEARNING_TEXTS.noMedia);
    // Whole segments up to the courseware's length: a courseware plays the start of its master.
    const master = await masters.segments(asset.dir);
    if (!master) return refuse(reply, 404, LEARNING_TEXTS.noMedia);
    const segments = master.slice(0, Math.ceil(ware.duration / SEGMENT_SECONDS));

    if (file === 'index.m3u8') {
      const lines = ['#EXTM3U', '#EXT-X-VERSION:3', `#EXT-X-TARGETDURATION:${SEGMENT_SECONDS}`, '#EXT-X-MEDIA-SEQUENCE:0', '#EXT-X-PLAYLIST-TYPE:VOD'];
      lines.push(`#EXT-X-KEY:METHOD=AES-128,URI="key?${query}"`);
      for (const segment of segments) lines.push(`#EXTINF:${segment.seconds.toFixed(3)},`, `${segment.file}?${query}`);
      lines.push('#EXT-X-ENDLIST', '');
      return reply.header('content-type', 'application/vnd.apple.mpegurl').header('cache-control', 'private, no-store').send(lines.join('\n'));
    }

    if (file === 'key') {
      if (grant.userId !== 0 && !(await ownsNow(db, grant.userId, ware.courseId, clock.now()))) return refuse(reply, 403, LEARNING_TEXTS.notOwned);
      const key = await coursewareKey(db, ware.coursewareId, ware.aesKeyHex);
      return reply.header('content-type', 'application/octet-stream').header('cache-control', 'private, no-store').send(key);
    }

    const sequence = segments.findIndex((s) => s.file === file);
    if (sequence < 0) return refuse(reply, 404, LEARNING_TEXTS.noMedia);
    const plain = await masters.segment(asset.dir, file);
    if (!plain) return refuse(reply, 404, LEARNING_TEXTS.noMedia);
    // The playlist starts at media sequence 0 and names no IV: the segment's index is its IV.
    const bytes = encryptSegment(plain, await coursewareKey(db, ware.coursewareId, ware.aesKeyHex), sequence);
    // Encrypted bytes: a browser may keep them for the link's life.
    return reply.header('content-type', 'video/mp2t').header('cache-control', 'private, max-age=3600').send(bytes);
  });
}
