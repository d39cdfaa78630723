/**
 * The demo students' study so far, so /uc/my-course shows real percentages and 继续学习 resumes
 * where they stopped. Progress rows only: records belong to a player's tickets.
 * - 学途同学, on their system course: the first lessons watched over the last days (one finished,
 *   one half-way, one begun);
 * - 备考小园丁, on 《综合素质》 (禁止拖动未学内容, through the 教资 pack): the first paid lesson watched to
 *   its last 20 seconds, so the demo shows a seek past that point sent back, and then, once the
 *   lesson has played to its end, seeking free.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { coursewareProgress, coursewares, users } from '../schema';
import type { SeedDb } from './types';
import { lookup } from './util';

interface History {
  mobile: string;
  course: string;
  /** Per lesson in catalogue order: the share of it watched, or the seconds it was watched short of its end. */
  lessons: ({ share: number } | { shortOfEnd: number })[];
  /** Only lessons that are not free auditions (an audition is free to seek in). */
  paidOnly?: boolean;
}

const HISTORIES: readonly History[] = [
  { mobile: '13800138000', course: 'yjjz-jj-sys-2027', lessons: [{ share: 1 }, { share: 0.5 }, { share: 0.2 }] },
  { mobile: '13900139000', course: 'jszg-zhsz-sys-2027', lessons: [{ shortOfEnd: 20 }], paidOnly: true },
];
const DAY_MS = 24 * 3600 * 1000;

export async function loadLearningHistory(db: SeedDb, courseIds: Map<string, number>, now: number = Date.now()): Promise<void> {
  for (const history of HISTORIES) {
    const courseId = lookup(courseIds, history.course, 'course');
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.mobile, history.mobile));
    if (!user) continue;
    const wares = await db
      .select({ id: coursewares.id, duration: coursewares.durationSeconds })
      .from(coursewares)
      .where(
        and(
          eq(coursewares.courseId, courseId),
          inArray(coursewares.type, ['VIDEO', 'AUDIO']),
          history.paidOnly ? eq(coursewares.freeAudition, false) : undefined,
        ),
      )
      .orderBy(asc(coursewares.catalogueId), asc(coursewares.sort), asc(coursewares.id))
      .limit(history.lessons.length);
    await db.insert(coursewareProgress).values(
      wares.map((ware, i) => {
        const lesson = history.lessons[i]!;
        const learned = 'share' in lesson ? Math.floor(ware.duration * lesson.share) : Math.max(0, ware.duration - lesson.shortOfEnd);
        return {
          userId: user.id,
          coursewareId: ware.id,
          courseId,
          learnedTotalTime: learned,
          progressBar: Math.min(learned, Math.max(0, ware.duration - 30)),
          // Watched straight through: as far as the time watched went.
          furthest: learned,
          lastLearnedAt: new Date(now - (history.lessons.length - i) * DAY_MS),
        };
      }),
    );
  }
}
