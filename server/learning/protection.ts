/**
 * What protects a paid lesson in the player config (issue 24): the moving watermark naming the
 * student, and 禁止拖动未学内容's limit. Neither applies to a free audition or to someone who does not
 * own the course: the audition is free to everyone and carries no one's name.
 */
import { and, eq } from 'drizzle-orm';
import type { MediaKind, PlayerWatermark, SeekLimit } from '../../src/domain/learning/contract';
import { lessonCompleted } from '../../src/domain/learning/recording';
import { isProgressRecorded } from '../../src/domain/learning/rules';
import { watermarkMark } from '../../src/domain/learning/watermark';
import { SITE_SETTING_KEYS, switchSetting } from '../../src/domain/site/settings';
import type { Db } from '../db/client';
import { courses, coursewareProgress, users } from '../db/schema';
import type { PublicCache } from '../shared/publicCache';
import { siteSetting } from '../site/settings';
import type { StudyTarget } from './coursewares';

export interface PlayerProtection {
  seekLimit: SeekLimit | null;
  watermark: PlayerWatermark | null;
}

const NONE: PlayerProtection = { seekLimit: null, watermark: null };

export async function playerProtection(db: Db, cache: PublicCache, target: StudyTarget, kind: MediaKind, userId: number | null): Promise<PlayerProtection> {
  const { course, ware, owned } = target;
  if (userId === null || !owned || ware.freeAudition || kind === 'pdf') return NONE;
  const [watermark, seekLimit] = await Promise.all([watermarkOf(db, cache, userId), seekLimitOf(db, target, userId)]);
  return { watermark, seekLimit: isProgressRecorded({ loggedIn: true, owned, courseType: course.type, coursewareType: ware.type }) ? seekLimit : null };
}

async function watermarkOf(db: Db, cache: PublicCache, userId: number): Promise<PlayerWatermark | null> {
  if (!switchSetting(await siteSetting(db, cache, SITE_SETTING_KEYS.watermark), true)) return null;
  const [user] = await db.select({ id: users.id, mobile: users.mobile }).from(users).where(eq(users.id, userId)).limit(1);
  return user ? { mark: watermarkMark(user) } : null;
}

/** The course's setting, then the student's furthest point on this lesson; none once the lesson was watched to its end. */
async function seekLimitOf(db: Db, { course, ware }: StudyTarget, userId: number): Promise<SeekLimit | null> {
  const [row] = await db
    .select({ noSkipAhead: courses.noSkipAhead, furthest: coursewareProgress.furthest })
    .from(courses)
    .leftJoin(coursewareProgress, and(eq(coursewareProgress.userId, userId), eq(coursewareProgress.coursewareId, ware.id)))
    .where(eq(courses.id, course.id))
    .limit(1);
  if (!row?.noSkipAhead) return null;
  const furthest = row.furthest ?? 0;
  return lessonCompleted(furthest, ware.duration) ? null : { furthest };
}
