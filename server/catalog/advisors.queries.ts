/** The sales advisor (学习顾问) shown for a project: its own, else the general one. */
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { SalesQrcode } from '../../src/domain/catalog/resources';
import type { Db } from '../db/client';
import { salesAdvisors } from '../db/schema';

export const qrcodeImageUrl = (text: string): string => `/static/qrcode?text=${encodeURIComponent(text)}`;

export async function findSalesAdvisor(db: Db, projectId: number | null): Promise<SalesQrcode | null> {
  const [row] = await db
    .select()
    .from(salesAdvisors)
    .where(
      and(
        eq(salesAdvisors.enabled, true),
        projectId ? or(eq(salesAdvisors.projectId, projectId), isNull(salesAdvisors.projectId)) : isNull(salesAdvisors.projectId),
      ),
    )
    // The project's own advisor first, then the general one.
    .orderBy(sql`${salesAdvisors.projectId} is null`, asc(salesAdvisors.sort), asc(salesAdvisors.id))
    .limit(1);
  if (!row) return null;
  return {
    advisorId: row.id,
    name: row.name,
    avatar: row.avatar,
    wechatId: row.wechatId,
    tip: row.tip,
    qrcodeUrl: qrcodeImageUrl(row.qrcodeText),
    projectId: row.projectId,
  };
}
