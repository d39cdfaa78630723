/** The user's records, newest first, by the tabs of /question-bank/record. */
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { RecordPageQuery, RecordSource, RecordSummary } from '../../src/domain/questionBank/contract';
import type { Page } from '../../src/domain/shared/envelope';
import type { Db } from '../db/client';
import { userRecords } from '../db/schema';
import { COUNT_ALL, pageOffset, toPage, WINDOW_TOTAL } from '../shared/paging';
import { answeredCounts, toSummary } from './records.queries';

/** Tab 1 试卷 (papers), 2 章节练习 (with 智能练习, built from chapters), 3 错题与收藏练习 (with 今日复习 of those questions). */
export const RECORD_TAB_SOURCES: Record<1 | 2 | 3, RecordSource[]> = {
  1: ['PAPER'],
  2: ['SECTION', 'SMART'],
  3: ['WRONG', 'FAVORITE', 'REVIEW'],
};

export async function listRecords(
  db: Db,
  userId: number,
  query: Required<Pick<RecordPageQuery, 'current' | 'size'>> & RecordPageQuery,
): Promise<Page<RecordSummary>> {
  const conditions: SQL[] = [eq(userRecords.userId, userId)];
  if (query.tab) conditions.push(inArray(userRecords.source, RECORD_TAB_SOURCES[query.tab]));
  if (query.subjectId) conditions.push(eq(userRecords.subjectId, query.subjectId));
  const where = and(...conditions);
  const rows = await db
    .select({ row: userRecords, total: WINDOW_TOTAL })
    .from(userRecords)
    .where(where)
    .orderBy(desc(userRecords.startedAt), desc(userRecords.id))
    .limit(query.size)
    .offset(pageOffset(query));
  const counts = await answeredCounts(
    db,
    rows.map((r) => r.row.id),
  );
  return toPage(
    rows,
    query,
    () => db.select({ n: COUNT_ALL }).from(userRecords).where(where),
    (r) => toSummary(r.row, counts.get(r.row.id) ?? 0),
  );
}
