/** Free study materials and e-books: paged lists with filters, the e-book view count, the download count. */
import { and, asc, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { NamedRef } from '../../src/domain/catalog/contract';
import { EBOOK_VIEW_WINDOW_SECONDS, type EbookItem, type EbookViewCount, type ResourceItem } from '../../src/domain/catalog/resources';
import type { Page } from '../../src/domain/shared/envelope';
import type { Db } from '../db/client';
import { classes, ebooks, resources } from '../db/schema';
import { hitRateLimit } from '../shared/rateLimit';
import { ON_SALE } from './courseDetails.queries';
import { escapeLike } from './courses.queries';
import { COUNT_ALL, pageOffset, toPage, WINDOW_TOTAL } from '../shared/paging';

const project = alias(classes, 'project');
const subject = alias(classes, 'subject');

interface PageFilters {
  current: number;
  size: number;
  projectId?: number | null;
  subjectId?: number | null;
  keyword?: string | null;
}

function named(id: number | null, name: string | null): NamedRef | null {
  return id !== null && name !== null ? { id, name } : null;
}

export async function listFreeResources(db: Db, filters: PageFilters & { fileType?: string | null }): Promise<Page<ResourceItem>> {
  const conditions: (SQL | undefined)[] = [eq(resources.free, true)];
  if (filters.projectId) conditions.push(eq(resources.projectId, filters.projectId));
  if (filters.subjectId) conditions.push(eq(resources.subjectId, filters.subjectId));
  if (filters.fileType) conditions.push(eq(resources.fileType, filters.fileType));
  const keyword = filters.keyword?.trim();
  if (keyword) conditions.push(ilike(resources.title, `%${escapeLike(keyword)}%`));
  const where = and(...conditions);
  const rows = await db
    .select({
      id: resources.id,
      title: resources.title,
      fileType: resources.fileType,
      size: resources.sizeBytes,
      projectId: resources.projectId,
      projectName: project.name,
      subjectId: subject.id,
      subjectName: subject.name,
      downloadCount: resources.downloadCount,
      createdAt: resources.createdAt,
      total: WINDOW_TOTAL,
    })
    .from(resources)
    .leftJoin(project, eq(project.id, resources.projectId))
    .leftJoin(subject, eq(subject.id, resources.subjectId))
    .where(where)
    .orderBy(desc(resources.createdAt), desc(resources.id))
    .limit(filters.size)
    .offset(pageOffset(filters));
  return toPage(
    rows,
    filters,
    () => db.select({ n: COUNT_ALL }).from(resources).where(where),
    (row) => ({
      id: row.id,
      title: row.title,
      fileType: row.fileType,
      size: row.size,
      project: { id: row.projectId, name: row.projectName ?? '' },
      subject: named(row.subjectId, row.subjectName),
      downloadCount: row.downloadCount,
      createdAt: new Date(row.createdAt).toISOString(),
    }),
  );
}

/** Where an e-book is read: the demo document route (server/catalog/resourceFiles.ts). */
export const ebookReadUrl = (id: number): string => `/static/ebooks/${id}.pdf`;

export async function listEbooks(db: Db, filters: PageFilters): Promise<Page<EbookItem>> {
  const conditions: (SQL | undefined)[] = [eq(ebooks.status, ON_SALE)];
  if (filters.projectId) conditions.push(eq(ebooks.projectId, filters.projectId));
  if (filters.subjectId) conditions.push(eq(ebooks.subjectId, filters.subjectId));
  const keyword = filters.keyword?.trim();
  if (keyword) conditions.push(ilike(ebooks.title, `%${escapeLike(keyword)}%`));
  const where = and(...conditions);
  const rows = await db
    .select({
      id: ebooks.id,
      title: ebooks.title,
      author: ebooks.author,
      cover: ebooks.cover,
      intro: ebooks.intro,
      pageCount: ebooks.pageCount,
      viewCount: ebooks.viewCount,
      projectId: ebooks.projectId,
      projectName: project.name,
      subjectId: subject.id,
      subjectName: subject.name,
      total: WINDOW_TOTAL,
    })
    .from(ebooks)
    .leftJoin(project, eq(project.id, ebooks.projectId))
    .leftJoin(subject, eq(subject.id, ebooks.subjectId))
    .where(where)
    .orderBy(asc(ebooks.sort), asc(ebooks.id))
    .limit(filters.size)
    .offset(pageOffset(filters));
  return toPage(
    rows,
    filters,
    () => db.select({ n: COUNT_ALL }).from(ebooks).where(where),
    (row) => ({
      id: row.id,
      title: row.title,
      author: row.author,
      cover: row.cover,
      intro: row.intro,
      pageCount: row.pageCount,
      viewCount: row.viewCount,
      project: { id: row.projectId, name: row.projectName ?? '' },
      subject: named(row.subjectId, row.subjectName),
      readUrl: ebookReadUrl(row.id),
    }),
  );
}

export async function findOnSaleEbook(db: Db, id: number): Promise<typeof ebooks.$inferSelect | undefined> {
  const [row] = await db
    .select()
    .from(ebooks)
    .where(and(eq(ebooks.id, id), eq(ebooks.status, ON_SALE)))
    .limit(1);
  return row;
}

/**
 * Counts a view of an existing e-book unless this address was counted for it within the window.
 * The window check is one atomic upsert (rateLimit.ts) and the count rides in the same
 * transaction, so parallel views from one address count once and a failure counts nothing.
 */
export async function countEbookView(db: Db, id: number, ip: string): Promise<EbookViewCount> {
  return db.transaction(async (tx) => {
    const hit = await hitRateLimit(tx, `ebook-view:${id}:${ip}`, 1, EBOOK_VIEW_WINDOW_SECONDS);
    if (hit.allowed) {
      const [row] = await tx
        .update(ebooks)
        .set({ viewCount: sql`${ebooks.viewCount} + 1` })
        .where(eq(ebooks.id, id))
        .returning({ viewCount: ebooks.viewCount });
      return { viewCount: row?.viewCount ?? 0, counted: true };
    }
    const [row] = await tx.select({ viewCount: ebooks.viewCount }).from(ebooks).where(eq(ebooks.id, id));
    return { viewCount: row?.viewCount ?? 0, counted: false };
  });
}

export async function findResource(db: Db, id: number): Promise<typeof resources.$inferSelect | undefined> {
  const [row] = await db.select().from(resources).where(eq(resources.id, id)).limit(1);
  return row;
}

export async function countDownload(db: Db, id: number): Promise<void> {
  await db
    .update(resources)
    .set({ downloadCount: sql`${resources.downloadCount} + 1` })
    .where(eq(resources.id, id));
}
