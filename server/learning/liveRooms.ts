/**
 * The live chat's rooms: who listens to which live courseware. A message sent here reaches this
 * process's listeners at once; a room with listeners also reads the database every
 * LIVE_POLL_MS for messages other server processes stored (PostgreSQL with several processes), so
 * every listener sees every message, each once, in order of id.
 */
import { and, asc, eq, gt } from 'drizzle-orm';
import type { LiveMessage } from '../../src/domain/learning/contract';
import type { Db } from '../db/client';
import { liveMessages, users } from '../db/schema';

const LIVE_POLL_MS = 2000;

type Listener = (message: LiveMessage) => void;

interface Room {
  listeners: Set<Listener>;
  lastId: number;
  timer: NodeJS.Timeout | null;
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

export class LiveRooms {
  private readonly rooms = new Map<number, Room>();

  constructor(private readonly db: Db) {}

  /** Listens from message `fromId` on; returns what stops listening. */
  subscribe(coursewareId: number, fromId: number, listener: Listener): () => void {
    let room = this.rooms.get(coursewareId);
    if (!room) {
      room = { listeners: new Set(), lastId: fromId, timer: null };
      this.rooms.set(coursewareId, room);
      const poll = room;
      room.timer = setInterval(() => void this.poll(coursewareId, poll), LIVE_POLL_MS);
      room.timer.unref();
    }
    room.listeners.add(listener);
    const joined = room;
    return () => {
      joined.listeners.delete(listener);
      if (joined.listeners.size === 0) {
        if (joined.timer) clearInterval(joined.timer);
        this.rooms.delete(coursewareId);
      }
    };
  }

  /** A message stored by this process: to its listeners now. */
  publish(message: LiveMessage): void {
    const room = this.rooms.get(message.coursewareId);
    if (!room) return;
    room.lastId = Math.max(room.lastId, message.id);
    for (const listener of room.listeners) listener(message);
  }

  private async poll(coursewareId: number, room: Room): Promise<void> {
    try {
      const fresh = await messagesAfter(this.db, coursewareId, room.lastId, 100);
      for (const message of fresh) {
        room.lastId = Math.max(room.lastId, message.id);
        for (const listener of room.listeners) listener(message);
      }
    } catch {
      // The database is away for a moment: the next poll catches up.
    }
  }

  close(): void {
    for (const room of this.rooms.values()) if (room.timer) clearInterval(room.timer);
    this.rooms.clear();
  }
}
