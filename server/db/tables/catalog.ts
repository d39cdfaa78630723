/** The catalogue: classes, teachers, ads, site params, courses with their catalogues, coursewares and resources. */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** Categories (大类) → projects (考试项目) → subjects (科目), one tree by parent id (pId). */
export const classes = pgTable(
  'classes',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').notNull().default(0),
    name: varchar('name', { length: 60 }).notNull(),
    code: varchar('code', { length: 40 }).notNull(),
    level: integer('level').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('classes_code_uq').on(t.code), index('classes_parent_idx').on(t.parentId)],
);

export const teachers = pgTable('teachers', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 40 }).notNull(),
  title: varchar('title', { length: 80 }).notNull(),
  avatar: text('avatar').notNull(),
  intro: text('intro').notNull(),
  projectId: integer('project_id'),
  sort: integer('sort').notNull().default(0),
});

export const adSlots = pgTable('ad_slots', {
  code: varchar('code', { length: 40 }).primaryKey(),
  name: varchar('name', { length: 60 }).notNull(),
});

export const adItems = pgTable(
  'ad_items',
  {
    id: serial('id').primaryKey(),
    slotCode: varchar('slot_code', { length: 40 })
      .notNull()
      .references(() => adSlots.code, { onDelete: 'cascade' }),
    title: varchar('title', { length: 80 }).notNull(),
    imageUrl: text('image_url').notNull(),
    linkUrl: text('link_url'),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [index('ad_items_slot_idx').on(t.slotCode)],
);

/** Site parameters read by key (products/front/api/param/getItemByKey). */
export const siteParams = pgTable('site_params', {
  key: varchar('key', { length: 60 }).primaryKey(),
  value: text('value').notNull(),
  remark: varchar('remark', { length: 120 }),
});

export const courses = pgTable(
  'courses',
  {
    id: serial('id').primaryKey(),
    type: varchar('type', { length: 8 }).notNull(),
    title: varchar('title', { length: 120 }).notNull(),
    subtitle: varchar('subtitle', { length: 200 }),
    cover: text('cover').notNull(),
    categoryId: integer('category_id').notNull(),
    projectId: integer('project_id').notNull(),
    subjectId: integer('subject_id'),
    priceCents: integer('price_cents').notNull().default(0),
    originalPriceCents: integer('original_price_cents'),
    /** ON_SALE or OFF_SHELF. */
    status: varchar('status', { length: 12 }).notNull().default('ON_SALE'),
    salesCount: integer('sales_count').notNull().default(0),
    validDays: integer('valid_days').notNull().default(365),
    intro: text('intro').notNull(),
    teacherIds: jsonb('teacher_ids')
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    sort: integer('sort').notNull().default(0),
    /** 禁止拖动未学内容: on a lesson's first watch the player cannot seek past the furthest point watched. */
    noSkipAhead: boolean('no_skip_ahead').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('courses_type_idx').on(t.type), index('courses_project_idx').on(t.projectId)],
);

/**
 * The stages (阶段) of a training camp (EXP), planned in days from a cohort's start: a camp runs in
 * cohorts (期), each sold as a SKU with its start (course_skus.starts_at), and every cohort follows
 * the same stages. The dates of a cohort's stages are computed (src/domain/catalog/camp.ts); the
 * camp's top-level catalogue nodes point at their stage.
 */
export const campStages = pgTable(
  'camp_stages',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 60 }).notNull(),
    intro: varchar('intro', { length: 200 }).notNull().default(''),
    /** 0 = the cohort's first day. */
    startDay: integer('start_day').notNull(),
    days: integer('days').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('camp_stages_course_idx').on(t.courseId)],
);

/** Courses contained in a course pack (PACK) or offered as add-ons (ADD) to a course. */
export const coursePackItems = pgTable(
  'course_pack_items',
  {
    packId: integer('pack_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.packId, t.courseId] })],
);

export const courseSkus = pgTable('course_skus', {
  id: serial('id').primaryKey(),
  courseId: integer('course_id')
    .notNull()
    .references(() => courses.id, { onDelete: 'cascade' }),
  name: varchar('name', { length: 60 }).notNull(),
  priceCents: integer('price_cents').notNull(),
  validDays: integer('valid_days').notNull(),
  sort: integer('sort').notNull().default(0),
  /** Printed material is posted with it: an order for it needs a delivery address. */
  shipsMaterial: boolean('ships_material').notNull().default(false),
  /** EXP: the start (开营) of the cohort this SKU sells; access counts from it. A camp has one SKU per cohort. */
  startsAt: timestamp('starts_at', { withTimezone: true }),
});

/** The catalogue tree of a course (章 → 节). */
export const catalogues = pgTable(
  'catalogues',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').notNull().default(0),
    name: varchar('name', { length: 120 }).notNull(),
    sort: integer('sort').notNull().default(0),
    /** EXP: the stage a top-level node belongs to. */
    stageId: integer('stage_id').references(() => campStages.id, { onDelete: 'set null' }),
  },
  (t) => [index('catalogues_course_idx').on(t.courseId)],
);

export const coursewares = pgTable(
  'coursewares',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    catalogueId: integer('catalogue_id')
      .notNull()
      .references(() => catalogues.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 120 }).notNull(),
    type: varchar('type', { length: 8 }).notNull(),
    durationSeconds: integer('duration_seconds').notNull().default(0),
    mediaUrl: text('media_url'),
    /** What the player plays (media_assets); null for a courseware without media. */
    mediaAssetId: integer('media_asset_id'),
    paperId: integer('paper_id'),
    freeAudition: boolean('free_audition').notNull().default(false),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('coursewares_catalogue_idx').on(t.catalogueId), index('coursewares_course_idx').on(t.courseId)],
);

/**
 * Downloadable study resources (资料). `fileUrl` is where the bytes are: a stored upload
 * (/static/uploads/…) or, for demo data, a path the download route generates a document for.
 */
export const resources = pgTable(
  'resources',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 120 }).notNull(),
    projectId: integer('project_id').notNull(),
    subjectId: integer('subject_id'),
    fileType: varchar('file_type', { length: 10 }).notNull(),
    fileUrl: text('file_url').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    free: boolean('free').notNull().default(true),
    downloadCount: integer('download_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('resources_project_idx').on(t.projectId)],
);

/** E-books (电子书) read online; the resources page lists them (resourceInfoList). */
export const ebooks = pgTable(
  'ebooks',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 120 }).notNull(),
    author: varchar('author', { length: 60 }).notNull(),
    cover: text('cover').notNull(),
    intro: text('intro').notNull(),
    projectId: integer('project_id').notNull(),
    subjectId: integer('subject_id'),
    pageCount: integer('page_count').notNull(),
    /** ON_SALE or OFF_SHELF. */
    status: varchar('status', { length: 12 }).notNull().default('ON_SALE'),
    viewCount: integer('view_count').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('ebooks_project_idx').on(t.projectId)],
);

/** Sales advisors (学习顾问) whose WeChat QR code the site shows, per project; projectId null: the general one. */
export const salesAdvisors = pgTable(
  'sales_advisors',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id'),
    name: varchar('name', { length: 40 }).notNull(),
    avatar: text('avatar').notNull(),
    wechatId: varchar('wechat_id', { length: 40 }).notNull(),
    tip: varchar('tip', { length: 120 }).notNull(),
    /** What the QR code encodes (the advisor's contact link or card text). */
    qrcodeText: varchar('qrcode_text', { length: 300 }).notNull(),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [index('sales_advisors_project_idx').on(t.projectId)],
);
