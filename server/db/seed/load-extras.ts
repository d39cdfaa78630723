/** Loads training-camp stages, e-books and sales advisors. */
import { eq } from 'drizzle-orm';
import { courses, courseStages, ebooks, salesAdvisors } from '../schema';
import { courseDefs } from './courses';
import { advisorAvatarUrl, advisorDefs, advisorQrText, ebookCoverUrl, ebookDefs } from './ebooks';
import type { ClassRef } from './load-content';
import type { SeedDb } from './types';
import { check, lookup } from './util';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A China date (UTC+8) as YYYY-MM-DD, `days` after `from`. */
function chinaDate(from: Date, days: number): string {
  return new Date(from.getTime() + 8 * 3_600_000 + days * DAY_MS).toISOString().slice(0, 10);
}

/** Camps open on a Monday: the first one at least `opensInDays` from `now`, as days from now. */
export function campOpeningOffset(opensInDays: number, now: Date): number {
  const weekday = new Date(`${chinaDate(now, opensInDays)}T00:00:00Z`).getUTCDay();
  return opensInDays + ((8 - weekday) % 7);
}

/** Stages of every camp (dates relative to the day the seed runs, so the demo camp is always upcoming); returns course key → stage ids in order. */
export async function loadCampStages(db: SeedDb, courseIds: Map<string, number>, now: Date = new Date()): Promise<Map<string, number[]>> {
  const byCourse = new Map<string, number[]>();
  for (const def of courseDefs) {
    if (!def.camp) continue;
    check(def.type === 'EXP', `${def.key}: only EXP courses are camps`);
    check(def.camp.stages.length === def.outline?.length, `${def.key}: one stage per outline chapter`);
    const courseId = lookup(courseIds, def.key, 'course');
    let offset = campOpeningOffset(def.camp.opensInDays, now);
    await db
      .update(courses)
      .set({ startDate: chinaDate(now, offset) })
      .where(eq(courses.id, courseId));
    const rows = def.camp.stages.map((stage, i) => {
      const row = {
        courseId,
        name: stage.name,
        intro: stage.intro,
        startDate: chinaDate(now, offset),
        endDate: chinaDate(now, offset + stage.days - 1),
        sort: i + 1,
      };
      offset += stage.days;
      return row;
    });
    const inserted = await db.insert(courseStages).values(rows).returning({ id: courseStages.id });
    byCourse.set(
      def.key,
      inserted.map((row) => row.id),
    );
  }
  return byCourse;
}

export async function loadEbooks(db: SeedDb, classMap: Map<string, ClassRef>): Promise<void> {
  const rows = ebookDefs.map((def, i) => {
    if (def.subject) check(lookup(classMap, def.subject, 'class').parentCode === def.project, `ebook ${def.title}: subject outside its project`);
    return {
      title: def.title,
      author: def.author,
      cover: ebookCoverUrl(i),
      intro: def.intro,
      projectId: lookup(classMap, def.project, 'class').id,
      subjectId: def.subject ? lookup(classMap, def.subject, 'class').id : null,
      pageCount: def.pageCount,
      viewCount: def.views,
      sort: (i + 1) * 10,
    };
  });
  await db.insert(ebooks).values(rows);
}

export async function loadAdvisors(db: SeedDb, classMap: Map<string, ClassRef>): Promise<void> {
  await db.insert(salesAdvisors).values(
    advisorDefs.map((def, i) => ({
      projectId: def.project ? lookup(classMap, def.project, 'class').id : null,
      name: def.name,
      avatar: advisorAvatarUrl(def),
      wechatId: def.wechatId,
      tip: def.tip,
      qrcodeText: advisorQrText(def),
      sort: (i + 1) * 10,
    })),
  );
}
