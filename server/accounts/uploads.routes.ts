/**
 * Uploads: images (avatars) and study files, multipart with the file in field
 * `file`. The type is decided by the bytes, never by the name or the declared type; the stored
 * name is random, and every issued URL is recorded with its owner.
 */
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { UploadedFile, UploadedImage } from '../../src/domain/account/contract';
import { AVATAR_MAX_BYTES, UPLOAD_MAX_BYTES } from '../../src/domain/account/limits';
import { ACCOUNT_TEXTS } from '../../src/domain/account/texts';
import { TOO_MANY_REQUESTS_TEXT } from '../../src/domain/shared/errors';
import type { Db } from '../db/client';
import { cleanFileName, CONTENT_TYPES, imageSize, sniffFile, sniffImage } from '../providers/storage/fileTypes';
import { currentUser } from '../shared/auth';
import { badRequest } from '../shared/envelope';
import type { RouteGroup } from '../shared/feature';
import { enforceRateLimit } from '../shared/rateLimit';
import { UPLOADS_PER_USER } from './limits';
import { recordUpload } from './uploads.queries';

const FILE_FIELD = 'file';
const MISSING_FILE_TEXT = `参数 ${FILE_FIELD} 不能为空`;

/**
 * The bytes of field `file`, or null when they exceed `maxBytes`. Busboy stops reading at
 * maxBytes + 1, so an oversized upload costs at most that much memory.
 */
async function readFilePart(request: FastifyRequest, maxBytes: number): Promise<{ part: MultipartFile; buffer: Buffer | null }> {
  if (!request.isMultipart()) throw badRequest(MISSING_FILE_TEXT);
  let part: MultipartFile | undefined;
  try {
    part = await request.file({ limits: { fileSize: maxBytes, files: 1 }, throwFileSizeLimit: true });
  } catch {
    throw badRequest(MISSING_FILE_TEXT);
  }
  if (!part || part.fieldname !== FILE_FIELD) {
    part?.file.resume();
    throw badRequest(MISSING_FILE_TEXT);
  }
  try {
    const buffer = await part.toBuffer();
    // Belt and braces: the limit above is the plugin's; this is ours.
    return { part, buffer: buffer.length > maxBytes || part.file.truncated ? null : buffer };
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return { part, buffer: null };
    // Busboy's "Unexpected end of form" and the like: the client sent a broken body, not a server fault.
    request.log.debug({ err }, 'multipart body unreadable');
    throw badRequest(ACCOUNT_TEXTS.uploadIncomplete);
  }
}

async function uploadLimit(db: Db, userId: number): Promise<void> {
  await enforceRateLimit(db, `upload:user:${userId}`, UPLOADS_PER_USER.limit, UPLOADS_PER_USER.windowSeconds, TOO_MANY_REQUESTS_TEXT);
}

export const uploadsRoutes: RouteGroup = ({ db, services }) => ({
  uploadImage: {
    auth: 'required',
    async handler(request): Promise<UploadedImage> {
      const { userId } = currentUser(request);
      await uploadLimit(db, userId);
      const { buffer } = await readFilePart(request, AVATAR_MAX_BYTES);
      if (!buffer) throw badRequest(ACCOUNT_TEXTS.imageTooLarge);
      const ext = sniffImage(buffer);
      const size = ext ? imageSize(buffer, ext) : null;
      if (!ext || !size) throw badRequest(ACCOUNT_TEXTS.imageTypeInvalid);
      const contentType = CONTENT_TYPES[ext]!;
      const url = await services.storage.put(buffer, ext, contentType);
      await recordUpload(db, { userId, url, kind: 'image', contentType, sizeBytes: buffer.length, width: size.width, height: size.height });
      return { url, width: size.width, height: size.height, size: buffer.length };
    },
  },

  uploadFile: {
    auth: 'required',
    async handler(request): Promise<UploadedFile> {
      const { userId } = currentUser(request);
      await uploadLimit(db, userId);
      const { part, buffer } = await readFilePart(request, UPLOAD_MAX_BYTES);
      if (!buffer) throw badRequest(ACCOUNT_TEXTS.fileTooLarge);
      const name = cleanFileName(part.filename ?? '');
      const ext = sniffFile(buffer, name);
      if (!ext) throw badRequest(ACCOUNT_TEXTS.fileTypeInvalid);
      const contentType = CONTENT_TYPES[ext]!;
      const url = await services.storage.put(buffer, ext, contentType);
      await recordUpload(db, { userId, url, kind: 'file', contentType, sizeBytes: buffer.length, name });
      return { url, name, size: buffer.length };
    },
  },
});
