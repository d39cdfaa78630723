/**
 * 意见反馈 on the old signed API (server/shared/signedRequest.ts checks every request first):
 * - POST /api/upload/uploadImg: multipart, the signed fields (with `fileMd5`) then the image in
 *   `file`. The bytes must match fileMd5, be a JPEG, PNG, GIF or WEBP by their content with a sane
 *   size header, and weigh at most FEEDBACK_IMAGE_MAX_BYTES. Stored like any upload, owned by the sender.
 * - POST /api/basic/fb/savePC: a type, the text, and up to four URLs of the sender's own images.
 * - POST /api/basic/fb/listPC: the sender's own feedback, newest first, with the team's replies.
 * The rules are the domain's (src/domain/site/feedback.ts), the same the form checks.
 */
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { TOO_MANY_REQUESTS_TEXT } from '../../src/domain/shared/errors';
import { SIGNATURE_TEXTS } from '../../src/domain/shared/signature';
import {
  FEEDBACK_IMAGE_MAX_BYTES,
  FEEDBACK_IMAGES_MAX,
  FEEDBACK_PER_DAY,
  FEEDBACK_TEXTS,
  type FeedbackImage,
  feedbackContentError,
  splitFeedbackImages,
} from '../../src/domain/site/feedback';
import { isOwnImage, recordUpload } from '../accounts/uploads.queries';
import { CONTENT_TYPES, imageSize, sniffImage } from '../providers/storage/fileTypes';
import { badRequest } from '../shared/envelope';
import type { RouteGroup } from '../shared/feature';
import { enforceRateLimit } from '../shared/rateLimit';
import { md5Hex, verifySignedRequest } from '../shared/signedRequest';
import { feedbackPage, insertFeedback } from './feedback.queries';

const DAY_SECONDS = 24 * 60 * 60;
/** Images per student an hour: four per feedback, with room for retries, and no more. */
const IMAGES_PER_HOUR = 40;
const FILE_FIELD = 'file';
const MISSING_FILE_TEXT = `参数 ${FILE_FIELD} 不能为空`;

/** The signed fields and the image of an upload; `bytes` is null when the image is over the limit. */
async function readSignedUpload(request: FastifyRequest): Promise<{ fields: Record<string, string>; bytes: Buffer | null }> {
  if (!request.isMultipart()) throw badRequest(MISSING_FILE_TEXT);
  const fields: Record<string, string> = {};
  let bytes: Buffer | null | undefined;
  try {
    // Ten short fields at most: the signed ones and fileMd5. Busboy stops reading a file at the limit.
    for await (const part of request.parts({ limits: { fileSize: FEEDBACK_IMAGE_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024 } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== FILE_FIELD) {
        part.file.resume();
        continue;
      }
      bytes = await readLimited(part);
    }
  } catch (err) {
    // The plugin may report the limit from the iterator rather than from toBuffer(); the fields came first.
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return { fields, bytes: null };
    request.log.debug({ err }, 'signed upload unreadable');
    throw badRequest(MISSING_FILE_TEXT);
  }
  if (bytes === undefined) throw badRequest(MISSING_FILE_TEXT);
  return { fields, bytes };
}

async function readLimited(part: MultipartFile): Promise<Buffer | null> {
  try {
    const buffer = await part.toBuffer();
    return buffer.length > FEEDBACK_IMAGE_MAX_BYTES || part.file.truncated ? null : buffer;
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return null;
    throw err;
  }
}

function terminalOf(request: FastifyRequest): { terminal: string | null; userAgent: string | null } {
  const terminal = request.headers['terminal-type'];
  const userAgent = request.headers['user-agent'];
  return {
    terminal: typeof terminal === 'string' ? terminal.slice(0, 16) : null,
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 300) : null,
  };
}

export const feedbackRoutes: RouteGroup = ({ db, services, cache }) => ({
  feedbackUploadImg: {
    async handler(request): Promise<FeedbackImage> {
      const { fields, bytes } = await readSignedUpload(request);
      const { userId } = await verifySignedRequest(db, cache, fields);
      await enforceRateLimit(db, `feedback-image:user:${userId}`, IMAGES_PER_HOUR, 60 * 60, TOO_MANY_REQUESTS_TEXT);
      if (!bytes) throw badRequest(FEEDBACK_TEXTS.imageTooLarge);
      if (md5Hex(bytes) !== fields.fileMd5) throw badRequest(SIGNATURE_TEXTS.fileMismatch);
      const ext = sniffImage(bytes);
      const size = ext ? imageSize(bytes, ext) : null;
      if (!ext || !size) throw badRequest(FEEDBACK_TEXTS.imageTypeInvalid);
      const contentType = CONTENT_TYPES[ext]!;
      const url = await services.storage.put(bytes, ext, contentType);
      await recordUpload(db, { userId, url, kind: 'image', contentType, sizeBytes: bytes.length, width: size.width, height: size.height });
      return { url, width: size.width, height: size.height, size: bytes.length };
    },
  },

  feedbackSave: {
    async handler(request): Promise<{ id: number }> {
      const { userId } = await verifySignedRequest(db, cache, request.body);
      const { type, content, images } = request.body;
      const contentError = feedbackContentError(content);
      if (contentError) throw badRequest(contentError);
      const urls = [...new Set(splitFeedbackImages(images))];
      if (urls.length > FEEDBACK_IMAGES_MAX) throw badRequest(FEEDBACK_TEXTS.imagesTooMany);
      const owned = await Promise.all(urls.map((url) => isOwnImage(db, userId, url)));
      if (owned.includes(false)) throw badRequest(FEEDBACK_TEXTS.imageNotYours);
      await enforceRateLimit(db, `feedback:user:${userId}`, FEEDBACK_PER_DAY, DAY_SECONDS, FEEDBACK_TEXTS.tooMany);
      const id = await insertFeedback(db, { userId, type, content: content.trim(), images: urls, ...terminalOf(request) });
      return { id };
    },
  },

  feedbackList: {
    async handler(request) {
      const { userId } = await verifySignedRequest(db, cache, request.body);
      return feedbackPage(db, userId, request.body.page, request.body.pageSize);
    },
  },
});
