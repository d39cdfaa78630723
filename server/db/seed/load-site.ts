/** Loads courses (with SKUs, pack/add-on links, catalogues, coursewares), resources, ads, site params and demo users. */
import { sql } from 'drizzle-orm';
import { hashPassword } from '../../accounts/password';
import { adItems, adSlots, catalogues, coursePackItems, courses, courseSkus, coursewares, resources, siteParams, users } from '../schema';
import { adDefs, adSlotDefs, bannerUrl } from './ads';
import { courseDefs, courseIntro, coverUrl } from './courses';
import type { ClassRef } from './load-content';
import { paramDefs, SEED_VERSION_KEY } from './params';
import { fileTypeOf, resourceDefs } from './resources';
import type { SeedDb } from './types';
import { demoUsers } from './users';
import { check, insertInBatches, lookup } from './util';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Inserts courses, SKUs and course_pack_items; returns course key → id. */
export async function loadCourses(db: SeedDb, classMap: Map<string, ClassRef>, teacherIds: Map<string, number>): Promise<Map<string, number>> {
  const now = Date.now();
  const rows = courseDefs.map((def, i) => {
    const project = lookup(classMap, def.project, 'class');
    check(project.level === 2, `${def.key}: project must be a level-2 class`);
    if (def.subject) check(lookup(classMap, def.subject, 'class').parentCode === def.project, `${def.key}: subject outside its project`);
    if (def.type === 'FREE') check(def.price === 0 && !def.skus, `${def.key}: FREE courses cost nothing and have no SKUs`);
    else check((def.skus?.length ?? 0) > 0 && def.price === Math.min(...def.skus!.map((s) => s.price)), `${def.key}: price must be the cheapest SKU`);
    check(
      def.type === 'PACK' ? (def.packOf?.length ?? 0) > 0 && !def.outline : (def.outline?.length ?? 0) > 0,
      `${def.key}: PACK has items, others have a catalogue`,
    );
    check(def.type === 'ADD' ? (def.addOnTo?.length ?? 0) > 0 : !def.addOnTo, `${def.key}: only ADD courses have addOnTo`);
    return {
      type: def.type,
      title: def.title,
      subtitle: def.subtitle,
      cover: coverUrl(def.key),
      categoryId: lookup(classMap, project.parentCode ?? '', 'class').id,
      projectId: project.id,
      subjectId: def.subject ? lookup(classMap, def.subject, 'class').id : null,
      priceCents: def.price,
      originalPriceCents: def.originalPrice ?? null,
      status: def.status ?? 'ON_SALE',
      salesCount: def.salesCount,
      validDays: def.validDays,
      intro: courseIntro(def),
      teacherIds: def.teachers.map((key) => lookup(teacherIds, key, 'teacher')),
      sort: def.sort,
      // Older courses first in time, so "newest" orderings look natural.
      createdAt: new Date(now - (courseDefs.length - i) * DAY_MS),
    };
  });
  const inserted = await db.insert(courses).values(rows).returning({ id: courses.id, title: courses.title });
  const ids = new Map<string, number>();
  inserted.forEach((row, i) => {
    const def = courseDefs[i]!;
    check(row.title === def.title && !ids.has(def.key), `course insert order / duplicate key ${def.key}`);
    ids.set(def.key, row.id);
  });

  const skuRows = courseDefs.flatMap((def) =>
    (def.skus ?? []).map((s, i) => ({ courseId: lookup(ids, def.key, 'course'), name: s.name, priceCents: s.price, validDays: s.validDays, sort: i + 1 })),
  );
  await insertInBatches(skuRows, (batch) => db.insert(courseSkus).values(batch).returning({ id: courseSkus.id }));

  // course_pack_items holds two relations, told apart by the type of the course in pack_id:
  //  - pack_id = a PACK course, course_id = a course contained in the pack (its content);
  //  - pack_id = a main course (SYS/PACK…), course_id = an ADD course offered as an add-on (加购) with it.
  const packRows = courseDefs.flatMap((def) => {
    const courseId = lookup(ids, def.key, 'course');
    const contained = (def.packOf ?? []).map((child, i) => ({ packId: courseId, courseId: lookup(ids, child, 'course'), sort: i + 1 }));
    const addOns = (def.addOnTo ?? []).map((main) => ({ packId: lookup(ids, main, 'course'), courseId, sort: 100 + def.sort }));
    return [...contained, ...addOns];
  });
  await insertInBatches(packRows, (batch) => db.insert(coursePackItems).values(batch).returning({ packId: coursePackItems.packId }));
  return ids;
}

/**
 * Catalogues (章 → 节) and coursewares of every non-PACK course. The first two videos of a paid course are
 * free auditions (试听); every courseware of a FREE course is.
 */
export async function loadCatalogues(db: SeedDb, courseIds: Map<string, number>, paperIds: Map<string, number>): Promise<void> {
  const withOutline = courseDefs.filter((def) => def.outline);
  const chapters = withOutline.flatMap((def) => def.outline!.map((chapter, i) => ({ def, chapter, sort: i + 1 })));
  const chapterIds = await insertInBatches(chapters, (batch) =>
    db
      .insert(catalogues)
      .values(batch.map(({ def, chapter, sort }) => ({ courseId: lookup(courseIds, def.key, 'course'), parentId: 0, name: chapter.name, sort })))
      .returning({ id: catalogues.id }),
  );
  const groups = chapters.flatMap(({ def, chapter }, i) => chapter.sections.map((group, j) => ({ def, group, parentId: chapterIds[i]!.id, sort: j + 1 })));
  const groupIds = await insertInBatches(groups, (batch) =>
    db
      .insert(catalogues)
      .values(batch.map(({ def, group, parentId, sort }) => ({ courseId: lookup(courseIds, def.key, 'course'), parentId, name: group.name, sort })))
      .returning({ id: catalogues.id }),
  );
  const auditionsLeft = new Map(withOutline.map((def) => [def.key, def.type === 'FREE' ? Number.POSITIVE_INFINITY : 2]));
  const wareRows = groups.flatMap(({ def, group }, i) =>
    group.wares.map((ware, j) => {
      let freeAudition = false;
      const left = auditionsLeft.get(def.key) ?? 0;
      if (def.type === 'FREE' || (ware.type === 'VIDEO' && left > 0)) {
        freeAudition = true;
        auditionsLeft.set(def.key, left - 1);
      }
      if (ware.type === 'VIDEO') check(ware.durationSeconds >= 600 && ware.durationSeconds <= 3600, `${def.key}: video "${ware.name}" length`);
      check((ware.type === 'PAPER') === Boolean(ware.paper), `${def.key}: "${ware.name}" paper link`);
      return {
        courseId: lookup(courseIds, def.key, 'course'),
        catalogueId: groupIds[i]!.id,
        name: ware.name,
        type: ware.type,
        durationSeconds: ware.durationSeconds,
        mediaUrl: null,
        paperId: ware.paper ? lookup(paperIds, ware.paper, 'paper') : null,
        freeAudition,
        sort: j + 1,
      };
    }),
  );
  await insertInBatches(wareRows, (batch) => db.insert(coursewares).values(batch).returning({ id: coursewares.id }));
}

export async function loadResources(db: SeedDb, classMap: Map<string, ClassRef>): Promise<void> {
  const now = Date.now();
  const perProject = new Map<string, number>();
  const rows = resourceDefs.map((def, i) => {
    const n = (perProject.get(def.project) ?? 0) + 1;
    perProject.set(def.project, n);
    const fileType = fileTypeOf(def.title);
    if (def.subject) check(lookup(classMap, def.subject, 'class').parentCode === def.project, `resource ${def.title}: subject outside its project`);
    return {
      title: def.title,
      projectId: lookup(classMap, def.project, 'class').id,
      subjectId: def.subject ? lookup(classMap, def.subject, 'class').id : null,
      fileType,
      fileUrl: `/static/resources/${def.project}-${String(n).padStart(2, '0')}.${fileType}`,
      sizeBytes: def.sizeKb * 1024,
      free: def.free,
      downloadCount: def.downloads,
      createdAt: new Date(now - (resourceDefs.length - i) * DAY_MS),
    };
  });
  await insertInBatches(rows, (batch) => db.insert(resources).values(batch).returning({ id: resources.id }));
}

/** Ad slots and items; course links resolve to '/course/detail/' + the seeded course id. */
export async function loadAds(db: SeedDb, courseIds: Map<string, number>): Promise<void> {
  await db.insert(adSlots).values(adSlotDefs);
  const sortInSlot = new Map<string, number>();
  const rows = adDefs.map((ad) => {
    const sort = (sortInSlot.get(ad.slot) ?? 0) + 1;
    sortInSlot.set(ad.slot, sort);
    return {
      slotCode: ad.slot,
      title: ad.title,
      imageUrl: bannerUrl(ad.image),
      linkUrl: ad.course ? `/course/detail/${lookup(courseIds, ad.course, 'course')}` : (ad.path ?? null),
      sort,
      enabled: true,
    };
  });
  await db.insert(adItems).values(rows);
}

/** Site params; the seed.version marker goes in last. Existing keys are overwritten. */
export async function loadParams(db: SeedDb): Promise<void> {
  const ordered = [...paramDefs.filter((p) => p.key !== SEED_VERSION_KEY), ...paramDefs.filter((p) => p.key === SEED_VERSION_KEY)];
  for (const batch of [ordered.slice(0, -1), ordered.slice(-1)]) {
    await db
      .insert(siteParams)
      .values(batch)
      .onConflictDoUpdate({ target: siteParams.key, set: { value: sql`excluded.value`, remark: sql`excluded.remark` } });
  }
}

/** Demo accounts (upserted by mobile). Hashing happens here; plain passwords never reach the DB. */
export async function loadDemoUsers(db: SeedDb, classMap: Map<string, ClassRef>): Promise<void> {
  const rows = await Promise.all(
    demoUsers.map(async (u) => {
      const project = lookup(classMap, u.project, 'class');
      return {
        mobile: u.mobile,
        passwordHash: await hashPassword(u.password),
        nickname: u.nickname,
        avatar: null,
        gender: u.gender,
        projectId: project.id,
        projectName: project.name,
        loginFailures: 0,
        lockedUntil: null,
      };
    }),
  );
  await db
    .insert(users)
    .values(rows)
    .onConflictDoUpdate({
      target: users.mobile,
      set: {
        passwordHash: sql`excluded.password_hash`,
        nickname: sql`excluded.nickname`,
        gender: sql`excluded.gender`,
        projectId: sql`excluded.project_id`,
        projectName: sql`excluded.project_name`,
        loginFailures: 0,
        lockedUntil: null,
        updatedAt: sql`now()`,
      },
    });
}
