/** Loads training-camp stages, e-books and sales advisors. */
import { campStages, ebooks, salesAdvisors } from '../schema';
import { courseDefs } from './courses';
import { advisorAvatarUrl, advisorDefs, advisorQrText, ebookCoverUrl, ebookDefs } from './ebooks';
import type { ClassRef } from './load-content';
import type { SeedDb } from './types';
import { check, lookup } from './util';

/** The stages of every camp, back to back from a cohort's first day; returns course key → stage ids in order. */
export async function loadCampStages(db: SeedDb, courseIds: Map<string, number>): Promise<Map<string, number[]>> {
  const byCourse = new Map<string, number[]>();
  for (const def of courseDefs) {
    if (!def.camp) continue;
    check(def.type === 'EXP', `${def.key}: only EXP courses are camps`);
    check(def.camp.stages.length === def.outline?.length, `${def.key}: one stage per outline chapter`);
    const courseId = lookup(courseIds, def.key, 'course');
    let startDay = 0;
    const rows = def.camp.stages.map((stage, i) => {
      check(stage.days >= 1, `${def.key}: a stage lasts at least a day`);
      const row = { courseId, name: stage.name, intro: stage.intro, startDay, days: stage.days, sort: i + 1 };
      startDay += stage.days;
      return row;
    });
    const inserted = await db.insert(campStages).values(rows).returning({ id: campStages.id });
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
