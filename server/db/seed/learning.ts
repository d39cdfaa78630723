/**
 * The demo student's study so far: on their system course, the first lessons watched over the
 * last days (one finished, one half-way, one begun), so /uc/my-course shows real percentages and
 * 继续学习 resumes where they stopped. Progress rows only: records belong to a player's tickets.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { coursewareProgress, coursewares, users } from '../schema';
import type { SeedDb } from './types';
import { lookup } from './util';

const HISTORY = { mobile: '13800138000', course: 'yjjz-jj-sys-2027', shares: [1, 0.5, 0.2] } as const;
const DAY_MS = 24 * 3600 * 1000;

export async function loadLearningHistory(db: SeedDb, courseIds: Map<string, number>, now: number = Date.now()): Promise<void> {
  const courseId = lookup(courseIds, HISTORY.course, 'course');
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.mobile, HISTORY.mobile));
  if (!user) return;
  const wares = await db
    .select({ id: coursewares.id, duration: coursewares.durationSeconds })
    .from(coursewares)
    .where(and(eq(coursewares.courseId, courseId), inArray(coursewares.type, ['VIDEO', 'AUDIO'])))
    .orderBy(asc(coursewares.catalogueId), asc(coursewares.sort), asc(coursewares.id))
    .limit(HISTORY.shares.length);
  await db.insert(coursewareProgress).values(
    wares.map((ware, i) => {
      const learned = Math.floor(ware.duration * HISTORY.shares[i]!);
      return {
        userId: user.id,
        coursewareId: ware.id,
        courseId,
        learnedTotalTime: learned,
        progressBar: Math.min(learned, Math.max(0, ware.duration - 30)),
        lastLearnedAt: new Date(now - (HISTORY.shares.length - i) * DAY_MS),
      };
    }),
  );
}
