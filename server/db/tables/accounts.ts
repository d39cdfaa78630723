/** Users, sessions and the short-lived account rows (SMS codes, WeChat states, uploads). */
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

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
    /** 'web' or 'app' (the app's webview, by its user agent): the device limit may count them apart. */
    kind: varchar('kind', { length: 8 }).notNull().default('web'),
    /** Why it ended early: 'LOGOUT', 'DEVICE_LIMIT' (a newer login took its place), 'SIGNED_OUT' (from the session list), 'PASSWORD'. */
    revokedReason: varchar('revoked_reason', { length: 16 }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sessions_token_hash_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

// ---- short-lived rows --------------------------------------------------------------------------
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
