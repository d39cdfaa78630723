/**
 * Drizzle schema. PostgreSQL 15 SQL only (PGlite runs 18; the shared SQL must run on both).
 * Money is stored in cents (integer); durations in seconds.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    mobile: varchar('mobile', { length: 11 }),
    passwordHash: text('password_hash'),
    nickname: varchar('nickname', { length: 40 }).notNull(),
    avatar: text('avatar'),
    gender: varchar('gender', { length: 8 }).notNull().default('UNKNOWN'),
    projectId: integer('project_id'),
    projectName: varchar('project_name', { length: 60 }),
    wechatOpenId: varchar('wechat_open_id', { length: 64 }),
    wechatNickname: varchar('wechat_nickname', { length: 60 }),
    loginFailures: integer('login_failures').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_mobile_uq').on(t.mobile), uniqueIndex('users_wechat_open_id_uq').on(t.wechatOpenId)],
);

/** Opaque bearer tokens; only their SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: varchar('ip', { length: 64 }),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sessions_token_hash_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

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
    teacherIds: jsonb('teacher_ids').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('courses_type_idx').on(t.type), index('courses_project_idx').on(t.projectId)],
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
    paperId: integer('paper_id'),
    freeAudition: boolean('free_audition').notNull().default(false),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('coursewares_catalogue_idx').on(t.catalogueId), index('coursewares_course_idx').on(t.courseId)],
);

/** Downloadable study resources (资料). */
export const resources = pgTable('resources', {
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
});

export const papers = pgTable(
  'papers',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 120 }).notNull(),
    projectId: integer('project_id').notNull(),
    subjectId: integer('subject_id').notNull(),
    /** REAL 历年真题, MOCK 模拟试卷, CHAPTER 章节练习, DAILY 每日一练. */
    paperType: varchar('paper_type', { length: 10 }).notNull(),
    year: integer('year'),
    durationMinutes: integer('duration_minutes').notNull(),
    totalScore: integer('total_score').notNull(),
    passScore: integer('pass_score').notNull(),
    free: boolean('free').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('papers_subject_idx').on(t.subjectId)],
);

export interface QuestionOption {
  key: string;
  text: string;
}

/** A question; CASE questions own sub-questions through parentId. Answers are option keys or texts. */
export const questions = pgTable(
  'questions',
  {
    id: serial('id').primaryKey(),
    type: varchar('type', { length: 14 }).notNull(),
    subjectId: integer('subject_id').notNull(),
    parentId: integer('parent_id'),
    stem: text('stem').notNull(),
    options: jsonb('options').$type<QuestionOption[]>().notNull().default(sql`'[]'::jsonb`),
    answer: jsonb('answer').$type<string[]>().notNull(),
    analysis: text('analysis').notNull(),
    difficulty: integer('difficulty').notNull().default(2),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('questions_subject_idx').on(t.subjectId), index('questions_parent_idx').on(t.parentId)],
);

export const paperQuestions = pgTable(
  'paper_questions',
  {
    paperId: integer('paper_id')
      .notNull()
      .references(() => papers.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    score: integer('score').notNull(),
    sort: integer('sort').notNull(),
  },
  (t) => [primaryKey({ columns: [t.paperId, t.questionId] })],
);

/** Chapter sections of a subject for 章节练习; questions link through sectionQuestions. */
export const sections = pgTable(
  'sections',
  {
    id: serial('id').primaryKey(),
    subjectId: integer('subject_id').notNull(),
    parentId: integer('parent_id').notNull().default(0),
    name: varchar('name', { length: 120 }).notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('sections_subject_idx').on(t.subjectId)],
);

export const sectionQuestions = pgTable(
  'section_questions',
  {
    sectionId: integer('section_id')
      .notNull()
      .references(() => sections.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.sectionId, t.questionId] })],
);

// ---- accounts ---------------------------------------------------------------------------------
// Short-lived rows below (codes, states, tickets) are deleted lazily by the code that reads them;
// UNLOGGED tables (rate counters, captcha challenges) live in unlogged.ts with their own migration.

/** Server-generated keys (RSA keypair for password fields, HMAC key), made once on first use. */
export const serverSecrets = pgTable('server_secrets', {
  key: varchar('key', { length: 40 }).primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/** SMS codes; only an HMAC of the code is kept. A newer code for the same mobile and type replaces older ones. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: serial('id').primaryKey(),
    mobile: varchar('mobile', { length: 11 }).notNull(),
    requestType: varchar('request_type', { length: 12 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    wrongTries: integer('wrong_tries').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
    ip: varchar('ip', { length: 64 }),
  },
  (t) => [index('sms_codes_mobile_idx').on(t.mobile, t.requestType)],
);

/** What the outbox SMS provider "sent": read by developers and e2e tests at GET /dev/sms-outbox. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: serial('id').primaryKey(),
    mobile: varchar('mobile', { length: 11 }).notNull(),
    code: varchar('code', { length: 12 }).notNull(),
    requestType: varchar('request_type', { length: 12 }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_outbox_mobile_idx').on(t.mobile)],
);

/** One-time login codes for the native app bridge; only the SHA-256 of the code is kept. */
export const tempCodes = pgTable(
  'temp_codes',
  {
    id: serial('id').primaryKey(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('temp_codes_code_hash_uq').on(t.codeHash)],
);

/** OAuth `state` values handed out by wxConfig: login, or bind for one user. Single use. */
export const wxStates = pgTable('wx_states', {
  state: varchar('state', { length: 64 }).primaryKey(),
  /** 'login' or 'bind'. */
  purpose: varchar('purpose', { length: 8 }).notNull(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** A WeChat identity waiting for a mobile (loginByWx → bindMobileByWxCode); keyed by the SHA-256 of sessionKey. */
export const wechatSessions = pgTable('wechat_sessions', {
  keyHash: varchar('key_hash', { length: 64 }).primaryKey(),
  openId: varchar('open_id', { length: 64 }).notNull(),
  unionId: varchar('union_id', { length: 64 }),
  nickname: varchar('nickname', { length: 60 }).notNull(),
  avatar: text('avatar').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** The WeChat sandbox: one QR ticket per framed login page; confirming it mints a one-time code. */
export const wechatSandboxTickets = pgTable(
  'wechat_sandbox_tickets',
  {
    ticket: varchar('ticket', { length: 64 }).primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when confirmed on the "phone". */
    code: varchar('code', { length: 64 }),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    codeUsedAt: timestamp('code_used_at', { withTimezone: true }),
    openId: varchar('open_id', { length: 64 }),
    nickname: varchar('nickname', { length: 60 }),
    avatar: text('avatar'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('wechat_sandbox_tickets_code_uq').on(t.code)],
);

/** Every file our storage issued, so an avatar can only be an image its user uploaded. */
export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** 'image' (uploadImage) or 'file' (uploadFile). */
    kind: varchar('kind', { length: 8 }).notNull(),
    contentType: varchar('content_type', { length: 100 }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    width: integer('width'),
    height: integer('height'),
    name: varchar('name', { length: 200 }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('uploads_url_uq').on(t.url), index('uploads_user_idx').on(t.userId)],
);
