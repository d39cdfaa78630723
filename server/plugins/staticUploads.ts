/**
 * GET /static/uploads/YYYY/MM/<random>.<ext>: uploaded files, read-only, read through the storage
 * (this machine's disk, or the shared bucket with STORAGE=s3: the bucket stays private and the
 * file passes through here, with our headers). Only paths of exactly the shape the storage writes
 * are served (no traversal, no directory listing, no dotfiles); names are random and never reused,
 * so browsers may cache them for a year.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CONTENT_TYPES } from '../providers/storage/fileTypes';
import { type Storage, uploadKeyOfPath } from '../providers/storage/storage';
import { fail } from '../shared/envelope';

export interface StaticUploadsOptions {
  storage: Storage;
}

const INLINE_TYPES = new Set(['jpg', 'png', 'gif', 'webp', 'pdf']);

export async function staticUploadsPlugin(app: FastifyInstance, { storage }: StaticUploadsOptions): Promise<void> {
  // The bytes were checked at upload; the 'upload' headers (nosniff, a sandboxing CSP) keep browsers
  // from second-guessing the type or running anything a file holds.
  app.get('/static/uploads/*', { config: { securityHeaders: 'upload' } }, async (request: FastifyRequest<{ Params: { '*': string } }>, reply) => {
    const rest = request.params['*'] ?? '';
    const key = uploadKeyOfPath(rest);
    const ext = /\.([a-z0-9]+)$/.exec(rest)?.[1];
    // The type is ours, from the extension we gave the file, whatever the store says.
    const contentType = ext ? CONTENT_TYPES[ext] : undefined;
    if (!key || !contentType) return reply.code(404).send(fail(404));
    const object = await storage.get(key);
    if (!object) return reply.code(404).send(fail(404));
    reply.header('content-type', contentType).header('content-length', object.size).header('cache-control', 'public, max-age=31536000, immutable');
    if (!INLINE_TYPES.has(ext!)) reply.header('content-disposition', 'attachment');
    return reply.send(object.body);
  });
}
