/** The uploads table: every issued file URL with its owner, so a user can only ever use their own uploads. */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { uploads } from '../db/schema';

export type NewUpload = typeof uploads.$inferInsert;

export async function recordUpload(db: Db, upload: NewUpload): Promise<void> {
  await db.insert(uploads).values(upload);
}

export async function isOwnImage(db: Db, userId: number, url: string): Promise<boolean> {
  const [upload] = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.url, url), eq(uploads.userId, userId), eq(uploads.kind, 'image')))
    .limit(1);
  return upload !== undefined;
}
