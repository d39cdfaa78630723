/**
 * GET /static/uploads/YYYY/MM/<random>.<ext>: uploaded files, read-only. Only paths of exactly the
 * shape LocalDiskStorage writes are served (no traversal, no directory listing, no dotfiles);
 * names are random and never reused, so browsers may cache them for a year.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CONTENT_TYPES } from '../providers/storage/fileTypes';
import { UPLOAD_PATH_PATTERN } from '../providers/storage/storage';
import { fail } from '../shared/envelope';

export interface StaticUploadsOptions {
  uploadDir: string;
}

const INLINE_TYPES = new Set(['jpg', 'png', 'gif', 'webp', 'pdf']);

export async function staticUploadsPlugin(app: FastifyInstance, { uploadDir }: StaticUploadsOptions): Promise<void> {
  const root = path.resolve(uploadDir);
  // The bytes were checked at upload; the 'upload' headers (nosniff, a sandboxing CSP) keep browsers
  // from second-guessing the type or running anything a file holds.
  app.get('/static/uploads/*', { config: { securityHeaders: 'upload' } }, async (request: FastifyRequest<{ Params: { '*': string } }>, reply) => {
    const rest = request.params['*'] ?? '';
    const match = UPLOAD_PATH_PATTERN.exec(rest);
    const ext = match?.[4];
    const contentType = ext ? CONTENT_TYPES[ext] : undefined;
    if (!match || !contentType) return reply.code(404).send(fail(404));
    const file = path.join(root, rest);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return reply.code(404).send(fail(404));
    reply.header('content-type', contentType).header('content-length', info.size).header('cache-control', 'public, max-age=31536000, immutable');
    if (!INLINE_TYPES.has(ext!)) reply.header('content-disposition', 'attachment');
    return reply.send(createReadStream(file));
  });
}
