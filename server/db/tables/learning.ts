/**
 * Learning: watch tickets (the wall-clock window a player's records are checked against), the
 * learning records themselves, each user's progress per courseware, the media the player plays
 * (each courseware's own segment key stays here, never in a file) and the live chat.
 */
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { coursewares } from './catalog';
import { createdAt } from './columns';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** Opened by getCoursewareInfo for a recordable courseware: its records may not carry more time than has passed since. */
export const watchTickets = pgTable(
  'watch_tickets',
  {
    id: serial('id').primaryKey(),
    token: varchar('token', { length: 64 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull(),
    coursewareId: integer('courseware_id')
      .notNull()
      .references(() => coursewares.id, { onDelete: 'cascade' }),
    openedAt: at('opened_at').notNull(),
    /** Seconds credited through this ticket so far. */
    learnedSeconds: integer('learned_seconds').notNull().default(0),
  },
  (t) => [uniqueIndex('watch_tickets_token_uq').on(t.token), index('watch_tickets_user_idx').on(t.userId, t.openedAt)],
);

/** Every accepted learning record; the client's record id makes a replay count once. */
export const learnedRecords = pgTable(
  'learned_records',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientRecordId: varchar('client_record_id', { length: 64 }).notNull(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => watchTickets.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull(),
    coursewareId: integer('courseware_id').notNull(),
    stageId: integer('stage_id'),
    learnedTime: integer('learned_time').notNull(),
    progressBar: integer('progress_bar').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('learned_records_user_client_uq').on(t.userId, t.clientRecordId), index('learned_records_user_course_idx').on(t.userId, t.courseId)],
);

/** A user's progress on one courseware: the sum of its records and where playback stopped. */
export const coursewareProgress = pgTable(
  'courseware_progress',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    coursewareId: integer('courseware_id')
      .notNull()
      .references(() => coursewares.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull(),
    stageId: integer('stage_id'),
    learnedTotalTime: integer('learned_total_time').notNull().default(0),
    progressBar: integer('progress_bar').notNull().default(0),
    /**
     * Seconds: the furthest point really watched. It moves on only as fast as the time counted
     * allows (xuetu_add_learned_record), so a record whose position jumped ahead cannot move it.
     */
    furthest: integer('furthest').notNull().default(0),
    lastLearnedAt: at('last_learned_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.coursewareId] }),
    index('courseware_progress_user_course_idx').on(t.userId, t.courseId),
    index('courseware_progress_user_last_idx').on(t.userId, t.lastLearnedAt),
  ],
);

/**
 * The media the player plays: an HLS package of plain MPEG-TS segments, an MP4 clip, an audio file
 * or a PDF, under the media directory (`dir`, relative to it). The files hold no key and no route
 * serves them as they are: every segment leaves the server encrypted under the key of the
 * courseware it was asked for (`courseware_media_keys`), so coursewares sharing an asset (the
 * demo's two masters) still have keys of their own.
 */
export const mediaAssets = pgTable(
  'media_assets',
  {
    id: serial('id').primaryKey(),
    /** Stable name, e.g. 'lecture-video'. */
    name: varchar('name', { length: 40 }).notNull(),
    kind: varchar('kind', { length: 8 }).notNull(),
    dir: text('dir').notNull(),
    durationSeconds: integer('duration_seconds').notNull().default(0),
    poster: text('poster'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('media_assets_name_uq').on(t.name)],
);

/**
 * Each courseware's own AES-128 key (made on first use, random): its segments are encrypted under
 * it as they are served. It leaves the server only through the key route, to an owner of the
 * course (a free audition's to anyone), so a free audition's key opens no paid lesson.
 */
export const coursewareMediaKeys = pgTable('courseware_media_keys', {
  coursewareId: integer('courseware_id')
    .primaryKey()
    .references(() => coursewares.id, { onDelete: 'cascade' }),
  aesKeyHex: varchar('aes_key_hex', { length: 32 }).notNull(),
  createdAt: createdAt(),
});

/** Live coursewares' schedule; the live chat is open while one runs. */
export const liveSessions = pgTable('live_sessions', {
  coursewareId: integer('courseware_id')
    .primaryKey()
    .references(() => coursewares.id, { onDelete: 'cascade' }),
  startsAt: at('starts_at').notNull(),
  endsAt: at('ends_at').notNull(),
});

export const liveMessages = pgTable(
  'live_messages',
  {
    id: serial('id').primaryKey(),
    coursewareId: integer('courseware_id')
      .notNull()
      .references(() => coursewares.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientMsgId: varchar('client_msg_id', { length: 64 }).notNull(),
    content: varchar('content', { length: 200 }).notNull(),
    fromStaff: boolean('from_staff').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('live_messages_user_client_uq').on(t.userId, t.clientMsgId), index('live_messages_courseware_idx').on(t.coursewareId, t.id)],
);

/** Users the school muted: on one live courseware, or everywhere (coursewareId 0), until a time. */
export const liveMutes = pgTable(
  'live_mutes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    coursewareId: integer('courseware_id').notNull().default(0),
    until: at('until').notNull(),
    reason: text('reason').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.userId, t.coursewareId] })],
);
