/**
 * Hears what changed, whoever changed it, from PostgreSQL notifications: triggers (migration 0003)
 * send a cached table's name on channel xuetu_public_cache at commit, and the live chat sends a
 * room's id on xuetu_live (server/learning/liveRooms.ts); every server process listens.
 *
 * - PostgreSQL: one dedicated connection (outside the pool, which would hand it to queries) runs
 *   LISTEN. When it drops, notifications may be lost: the feed reports a gap, is not `live` until
 *   it has listened again, and reconnects with a growing pause.
 * - PGlite: one process owns the database (lock.ts), and PGlite delivers its own notifications to
 *   `listen` callbacks, so the same triggers serve; every app on the handle subscribes.
 */
import { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Db, DbKind } from './client';

export const PUBLIC_CHANGE_CHANNEL = 'xuetu_public_cache';

export interface ChangeListener {
  /** A table of the cached set changed (committed). */
  onChange(table: string): void;
  /** Notifications may have been missed (the connection dropped or came back): forget everything. */
  onGap(): void;
}

export interface ChangeFeed {
  /** True while every committed change will be heard: only then may a cache keep what it reads. */
  readonly live: boolean;
  start(): Promise<void>;
  close(): Promise<void>;
}

const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 10_000;

/** The driver client under a Drizzle database (Drizzle's documented `$client`). */
function driverClient(db: Db): unknown {
  return (db as unknown as { $client: unknown }).$client;
}

class PgliteFeed implements ChangeFeed {
  live = false;
  private unsubscribe: (() => Promise<void>) | null = null;

  constructor(
    private readonly client: PGlite,
    private readonly channel: string,
    private readonly listener: ChangeListener,
  ) {}

  async start(): Promise<void> {
    this.unsubscribe = await this.client.listen(this.channel, (payload) => this.listener.onChange(payload));
    this.live = true;
  }

  async close(): Promise<void> {
    this.live = false;
    const unsubscribe = this.unsubscribe;
    this.unsubscribe = null;
    if (unsubscribe && !this.client.closed) await unsubscribe();
  }
}

class PgFeed implements ChangeFeed {
  live = false;
  private client: pg.Client | null = null;
  private closed = false;
  private retryMs = RETRY_MIN_MS;
  private retryTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly config: pg.ClientConfig,
    private readonly channel: string,
    private readonly listener: ChangeListener,
    private readonly log: FastifyBaseLogger | undefined,
  ) {}

  /** Never throws: a database that is down now is retried, and the cache stays off meanwhile. */
  async start(): Promise<void> {
    await this.connect();
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client(this.config);
    this.client = client;
    let lost = false;
    const onLost = (err?: Error): void => {
      if (lost) return;
      lost = true;
      if (this.client === client) this.client = null;
      this.live = false;
      this.listener.onGap();
      if (this.closed) return;
      this.log?.warn({ err, channel: this.channel }, 'change feed lost: listening again shortly');
      client.end().catch(() => undefined);
      this.scheduleRetry();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (message) => {
      if (message.channel === this.channel && message.payload) this.listener.onChange(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
    } catch (err) {
      onLost(err as Error);
      return;
    }
    if (lost || this.closed) return;
    // Changes committed while nobody listened are unknown: start from an empty cache.
    this.listener.onGap();
    this.live = true;
    this.retryMs = RETRY_MIN_MS;
  }

  private scheduleRetry(): void {
    if (this.retryTimer || this.closed) return;
    const delay = this.retryMs;
    this.retryMs = Math.min(RETRY_MAX_MS, this.retryMs * 2);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, delay);
    this.retryTimer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.live = false;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const client = this.client;
    this.client = null;
    if (client) await client.end().catch(() => undefined);
  }
}

/**
 * A feed of `channel`'s notifications (default: the public cache's) over the database behind `db`;
 * nothing is heard before `start()`. Channel names are the constants of this code, never input.
 */
export function openChangeFeed(db: Db, kind: DbKind, listener: ChangeListener, log?: FastifyBaseLogger, channel = PUBLIC_CHANGE_CHANNEL): ChangeFeed {
  const client = driverClient(db);
  if (kind === 'pglite') {
    if (!(client instanceof PGlite)) throw new Error('change feed: expected a PGlite client under the database');
    return new PgliteFeed(client, channel, listener);
  }
  if (!(client instanceof pg.Pool)) throw new Error('change feed: expected a pg.Pool under the database');
  // The pool's own settings (URL, credentials, TLS) minus what only a pool understands.
  const { max: _max, idleTimeoutMillis: _idle, ...config } = client.options;
  return new PgFeed({ ...config, application_name: 'xuetu-change-feed' }, channel, listener, log);
}
