/**
 * The live coursewares' sessions: a replay (its name says 回放) ended last week; the 答疑室 of the
 * demo student's course is open for a month from the seed, so its chat works after `npm start`;
 * the others start in three days at 19:30 (Beijing). A few words from the teaching assistant.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { coursewares, liveMessages, liveSessions, users } from '../schema';
import type { SeedDb } from './types';

const DAY_MS = 24 * 3600 * 1000;
/** The school's assistant: an account without a mobile, so nobody logs in as it. */
const STAFF_NICKNAME = '学途助教';

export async function loadLiveSessions(db: SeedDb, now: number = Date.now()): Promise<void> {
  const wares = await db
    .select({ id: coursewares.id, name: coursewares.name, duration: coursewares.durationSeconds })
    .from(coursewares)
    .where(eq(coursewares.type, 'LIVE'));
  if (wares.length === 0) return;
  const beijingMidnight = Math.floor((now + 8 * 3600_000) / DAY_MS) * DAY_MS - 8 * 3600_000;
  const rows = wares.map((ware) => {
    if (ware.name.includes('回放'))
      return { coursewareId: ware.id, startsAt: new Date(now - 7 * DAY_MS), endsAt: new Date(now - 7 * DAY_MS + ware.duration * 1000) };
    if (ware.name.includes('答疑室')) return { coursewareId: ware.id, startsAt: new Date(now - 3600_000), endsAt: new Date(now + 30 * DAY_MS) };
    const starts = beijingMidnight + 3 * DAY_MS + 19.5 * 3600_000;
    return { coursewareId: ware.id, startsAt: new Date(starts), endsAt: new Date(starts + ware.duration * 1000) };
  });
  await db.insert(liveSessions).values(rows);
  const room = wares.find((w) => w.name.includes('答疑室'));
  if (!room) return;
  // Found again on a reseed (the seed does not own accounts other than the demo students).
  let [assistant] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.nickname, STAFF_NICKNAME), isNull(users.mobile)));
  assistant ??= (await db.insert(users).values({ nickname: STAFF_NICKNAME }).returning({ id: users.id }))[0]!;
  const lines = ['大家好，答疑室已开放，有问题直接在这里提问～', '提问时请写清楚章节和题号，方便老师定位。', '今晚 20:00 老师在线集中答疑第1章的计算题。'];
  await db.insert(liveMessages).values(
    lines.map((content, i) => ({
      coursewareId: room.id,
      userId: assistant.id,
      clientMsgId: `seed-live-${i + 1}`,
      content,
      fromStaff: true,
      createdAt: new Date(now - (lines.length - i) * 60_000),
    })),
  );
}
