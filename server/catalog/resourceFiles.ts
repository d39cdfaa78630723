/**
 * The bytes behind resources and e-books:
 * - GET /static/downloads/<resourceId>?uid&exp&sig — a signed, short-lived link from
 *   fileDownloadUrl (server/catalog/downloads.ts); the link is the permission, so no session is
 *   asked for and a browser can follow it as a plain download.
 * - GET /static/ebooks/<id>.pdf — an on-sale e-book, read inline by anyone.
 * A resource stored as an upload is streamed from the storage (this disk or the shared bucket); demo data, which has no file,
 * gets a small generated document of its type (server/shared/demoDocuments.ts).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { downloadFileName } from '../../src/domain/catalog/resources';
import { CATALOG_TEXTS } from '../../src/domain/catalog/texts';
import type { Db } from '../db/client';
import { CONTENT_TYPES } from '../providers/storage/fileTypes';
import { type Storage, type StoredObject, uploadKeyOfPath, UPLOADS_URL_PREFIX } from '../providers/storage/storage';
import { demoDocument } from '../shared/demoDocuments';
import { fail } from '../shared/envelope';
import { existingSecrets } from '../shared/secrets';
import { verifyDownload } from './downloads';
import { findOnSaleEbook, findResource } from './resources.queries';

export interface ResourceFilesOptions {
  db: Db;
  storage: Storage;
}

/** RFC 6266: an ASCII fallback plus the UTF-8 name, so Chinese titles survive every browser. */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

function secureHeaders(reply: FastifyReply, contentType: string): FastifyReply {
  return reply
    .header('content-type', contentType)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
}

export async function resourceFilesPlugin(app: FastifyInstance, { db, storage }: ResourceFilesOptions): Promise<void> {
  app.get('/static/downloads/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    const secrets = await existingSecrets(db);
    const grant = secrets && verifyDownload(secrets.hmacKey, id, request.query as Record<string, unknown>);
    if (!grant) return reply.code(403).send(fail(403, CATALOG_TEXTS.downloadLinkExpired));
    const resource = await findResource(db, grant.resourceId);
    const contentType = resource ? CONTENT_TYPES[resource.fileType] : undefined;
    if (!resource || !contentType) return reply.code(404).send(fail(404, CATALOG_TEXTS.resourceNotFound));
    // The file first: the headers of a download must not go out with a 404's JSON.
    let file: StoredObject | Buffer | null;
    if (resource.fileUrl.startsWith(UPLOADS_URL_PREFIX)) {
      const key = uploadKeyOfPath(resource.fileUrl.slice(UPLOADS_URL_PREFIX.length));
      file = key ? await storage.get(key) : null;
    } else {
      file = demoDocument(resource.fileType, resource.title, [
        '学途教育 · 备考资料（演示文件）',
        `资料编号：${resource.id}`,
        '本文件由学途演示站点生成，正式资料由运营在后台上传后替换。',
      ]);
    }
    if (!file) return reply.code(404).send(fail(404, CATALOG_TEXTS.resourceNotFound));
    secureHeaders(reply, contentType)
      .header('cache-control', 'private, no-store')
      .header('content-disposition', attachment(downloadFileName(resource.title, resource.fileType)));
    return Buffer.isBuffer(file) ? reply.send(file) : reply.header('content-length', file.size).send(file.body);
  });

  app.get('/static/ebooks/:file', async (request, reply) => {
    const match = /^(\d{1,10})\.pdf$/.exec((request.params as { file: string }).file);
    const id = match ? Number(match[1]) : 0;
    const ebook = id > 0 && id <= 2_147_483_647 ? await findOnSaleEbook(db, id) : undefined;
    if (!ebook) return reply.code(404).send(fail(404, CATALOG_TEXTS.ebookNotFound));
    const bytes = demoDocument('pdf', ebook.title, [`作者：${ebook.author}`, ebook.intro, `全书共 ${ebook.pageCount} 页（演示站点仅展示首页）。`])!;
    return secureHeaders(reply, 'application/pdf').header('cache-control', 'public, max-age=300').send(bytes);
  });
}
