/**
 * The live chat's rooms: who listens to which live courseware, on every server process.
 *
 * A message is stored with a NOTIFY on LIVE_CHANNEL carrying its room's id (sendLiveMessage), and
 * every process LISTENs (db/changeFeed.ts: one dedicated connection on PostgreSQL; PGlite hears
 * its own). A notification only wakes a room: the room then reads the messages after what its
 * listeners have, in order of id, and gives each listener those it lacks — so a message reaches
 * every open stream on every process once and in order, and a notification lost while the
 * listening connection was away is made up by the read that follows its return (onGap). Messages
 * of a room are stored one at a time (an advisory lock per room), so ids are in commit order and
 * "after the last id" never skips one committed late.
 */
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveMessage } from '../../src/domain/learning/contract';
import { openChangeFeed, type ChangeFeed } from '../db/changeFeed';
import type { Db, DbKind } from '../db/client';
import { liveMessages, users } from '../db/schema';

export const LIVE_CHANNEL = 'xuetu_live';
/** With the room's id: the advisory lock that stores a room's messages one at a time. */
const LIVE_ROOM_LOCK = 74_212;
/** At most this many messages a read (a listener further behind gets the rest on the next). */
const READ_BATCH = 200;

interface Listener {
  deliver(message: LiveMessage): void;
  /** Ends the listener's stream (the server is shutting down). */
  end(): void;
  /** The id of the last message this listener has. */
  lastId: number;
}

interface Room {
  listeners: Set<Listener>;
  /** A read is running; `again`: another was asked for meanwhile. */
  reading: boolean;
  again: boolean;
}

export function toLiveMessage(row: {
  id: number;
  coursewareId: number;
  userId: number;
  nickname: string;
  avatar: string | null;
  content: string;
  createdAt: Date;
  fromStaff: boolean;
}): LiveMessage {
  return {
    id: row.id,
    coursewareId: row.coursewareId,
    userId: row.userId,
    nickname: row.nickname,
    avatar: row.avatar ?? '',
    content: row.content,
    sentAt: row.createdAt.getTime(),
    fromStaff: row.fromStaff,
  };
}

const MESSAGE_COLUMNS = {
  id: liveMessages.id,
  coursewareId: liveMessages.coursewareId,
  userId: liveMessages.userId,
  nickname: users.nickname,
  avatar: users.avatar,
  content: liveMessages.content,
  createdAt: liveMessages.createdAt,
  fromStaff: liveMessages.fromStaff,
};

/** Messages of a courseware after `afterId`, oldest first, at most `limit`. */
export async function messagesAfter(db: Db, coursewareId: number, afterId: number, limit: number): Promise<LiveMessage[]> {
  const rows = await db
    .select(MESSAGE_COLUMNS)
    .from(liveMessages)
    .innerJoin(users, eq(users.id, liveMessages.userId))
    .where(and(eq(liveMessages.coursewareId, coursewareId), gt(liveMessages.id, afterId)))
    .orderBy(asc(liveMessages.id))
    .limit(limit);
  return rows.map(toLiveMessage);
}

export async function messageById(db: Db, id: number): Promise<LiveMessage | null> {
  const [row] = await db.select(MESSAGE_COLUMNS).from(liveMessages).innerJoin(users, eq(users.id, liveMessages.userId)).where(eq(liveMessages.id, id));
  return row ? toLiveMessage(row) : null;
}

/**
 * Stores a message (unless this user's `clientMsgId` is already stored: a resend) and wakes its
 * room on every process. Returns the stored message's id.
 */
export async function storeLiveMessage(
  db: Db,
  values: { coursewareId: number; userId: number; clientMsgId: string; content: string; createdAt: Date },
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LIVE_ROOM_LOCK}, ${values.coursewareId})`);
    const [row] = await tx.insert(liveMessages).values(values).onConflictDoNothing().returning({ id: liveMessages.id });
    if (!row) {
      const [stored] = await tx
        .select({ id: liveMessages.id })
        .from(liveMessages)
        .where(and(eq(liveMessages.userId, values.userId), eq(liveMessages.clientMsgId, values.clientMsgId)));
      return stored!.id;
    }
    // Delivered at commit, to every process listening.
    await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${String(values.coursewareId)})`);
    return row.id;
  });
}

export class LiveRooms {
  private readonly rooms = new Map<number, Room>();
  private feed: ChangeFeed | null = null;

  constructor(
    private readonly db: Db,
    private readonly kind: DbKind,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /**
   * Listens to a room from message `fromId` on (what the listener already has); returns what stops
   * listening. The first room opens the feed; the last one leaving closes it.
   */
  subscribe(coursewareId: number, fromId: number, deliver: (message: LiveMessage) => void, end: () => void): () => void {
    let room = this.rooms.get(coursewareId);
    if (!room) {
      room = { listeners: new Set(), reading: false, again: false };
      this.rooms.set(coursewareId, room);
    }
    const listener: Listener = { deliver, end, lastId: fromId };
    room.listeners.add(listener);
    this.openFeed();
    // What was stored between the listener's own read and now.
    this.wake(coursewareId);
    const joined = room;
    return () => {
      joined.listeners.delete(listener);
      if (joined.listeners.size > 0) return;
      if (this.rooms.get(coursewareId) === joined) this.rooms.delete(coursewareId);
      if (this.rooms.size === 0) this.closeFeed();
    };
  }

  /** Reads the room's new messages, one read at a time (a wake during a read asks for one more). */
  wake(coursewareId: number): void {
    const room = this.rooms.get(coursewareId);
    if (!room) return;
    if (room.reading) {
      room.again = true;
      return;
    }
    room.reading = true;
    void this.read(coursewareId, room);
  }

  private async read(coursewareId: number, room: Room): Promise<void> {
    try {
      do {
        room.again = false;
        if (room.listeners.size === 0) break;
        const from = Math.min(...[...room.listeners].map((listener) => listener.lastId));
        const fresh = await messagesAfter(this.db, coursewareId, from, READ_BATCH);
        for (const message of fresh) {
          for (const listener of room.listeners) {
            if (message.id <= listener.lastId) continue;
            listener.lastId = message.id;
            listener.deliver(message);
          }
        }
        if (fresh.length === READ_BATCH) room.again = true;
      } while (room.again);
    } catch (err) {
      // The database is away: the feed's return (onGap) or the next message wakes the room again.
      this.log?.warn({ err, coursewareId }, 'live chat: reading a room failed');
    } finally {
      room.reading = false;
    }
  }

  private openFeed(): void {
    if (this.feed) return;
    const feed = openChangeFeed(
      this.db,
      this.kind,
      {
        onChange: (payload) => this.wake(Number(payload)),
        // Notifications may have been missed: every room reads what it lacks.
        onGap: () => {
          for (const coursewareId of this.rooms.keys()) this.wake(coursewareId);
        },
      },
      this.log,
      LIVE_CHANNEL,
    );
    this.feed = feed;
    void feed.start().then(() => {
      // PGlite's feed is live at once; anything stored before it listened is read now.
      for (const coursewareId of this.rooms.keys()) this.wake(coursewareId);
    });
  }

  private closeFeed(): void {
    const feed = this.feed;
    this.feed = null;
    if (feed) void feed.close();
  }

  /** Ends every stream (their browsers reconnect, to another process if this one is going) and stops listening. */
  close(): void {
    const listeners = [...this.rooms.values()].flatMap((room) => [...room.listeners]);
    this.rooms.clear();
    this.closeFeed();
    for (const listener of listeners) listener.end();
  }
}

const roomsOf = new WeakMap<Db, LiveRooms>();

/** The rooms of the server over `db` (made on first use: routes() also runs with stub deps to list the claims). */
export function liveRoomsFor(db: Db, kind: DbKind, log: FastifyBaseLogger): LiveRooms {
  let rooms = roomsOf.get(db);
  if (!rooms) roomsOf.set(db, (rooms = new LiveRooms(db, kind, log)));
  return rooms;
}

/** At shutdown: ends the live streams of the server over `db`, which would otherwise keep it from closing. */
export function closeLiveRooms(db: Db): void {
  roomsOf.get(db)?.close();
  roomsOf.delete(db);
}
