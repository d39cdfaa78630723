/** The report's 30-day chart: objective answers judged per China day (review/grading.ts counts them). */
import { and, eq, gte, sql } from 'drizzle-orm';
import type { DailyStat } from '../../../src/domain/questionBank/contract';
import { DAILY_STATS_DAYS } from '../../../src/domain/questionBank/limits';
import { recentDays } from '../../../src/domain/questionBank/review';
import type { Db } from '../../db/client';
import { answerDays } from '../../db/schema';

/** The last DAILY_STATS_DAYS days up to today, oldest first, of one subject or all; a day without answers counts 0. */
export async function dailyStats(db: Db, userId: number, subjectId: number | null, now: Date): Promise<DailyStat[]> {
  const days = recentDays(now.getTime(), DAILY_STATS_DAYS);
  const rows = await db
    .select({ day: answerDays.day, answered: sql<number>`sum(${answerDays.answered})::int`, correct: sql<number>`sum(${answerDays.correct})::int` })
    .from(answerDays)
    .where(and(eq(answerDays.userId, userId), gte(answerDays.day, days[0]!), subjectId ? eq(answerDays.subjectId, subjectId) : undefined))
    .groupBy(answerDays.day);
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return days.map((day) => ({ day, answered: Number(byDay.get(day)?.answered ?? 0), correct: Number(byDay.get(day)?.correct ?? 0) }));
}
