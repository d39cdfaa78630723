/**
 * The player's courseware info (which opens a watch ticket), learning records, the last record and
 * a course's study percentage. Records and progress are the session user's alone.
 */
import { eq } from 'drizzle-orm';
import type { CourseStudyProgress, CoursewareInfo, LastLearnedRecord, LearnedRecordResult, LiveInfo } from '../../src/domain/learning/contract';
import { isProgressRecorded, learnedTimeOf } from '../../src/domain/learning/rules';
import { LEARNING_TEXTS } from '../../src/domain/learning/texts';
import type { Db } from '../db/client';
import { liveSessions } from '../db/schema';
import { currentUser } from '../shared/auth';
import { AppError, badRequest, notFound } from '../shared/envelope';
import type { RouteGroup } from '../shared/feature';
import { packCourseIds, studyTarget } from './coursewares';
import { addRecord, courseProgress, findCourse, lastRecord, openTicket, orderedCoursewares, progressInfo, progressOf, ZERO_PROGRESS } from './progress.queries';

async function liveInfo(db: Db, coursewareId: number, now: Date): Promise<LiveInfo | null> {
  const [row] = await db.select().from(liveSessions).where(eq(liveSessions.coursewareId, coursewareId));
  if (!row) return null;
  const t = now.getTime();
  const state = t < row.startsAt.getTime() ? 'UPCOMING' : t < row.endsAt.getTime() ? 'LIVE' : 'REPLAY';
  return { state, startsAt: row.startsAt.getTime(), endsAt: row.endsAt.getTime() };
}

export const progressRoutes: RouteGroup = ({ db, services, cache }) => ({
  coursewareInfo: {
    // Visitors and non-owners may see what a courseware is (the player offers to buy); media and records are an owner's.
    auth: 'optional',
    async handler(request): Promise<CoursewareInfo> {
      const now = services.clock.now();
      const userId = request.auth?.userId ?? null;
      const { course, ware, wares, owned } = await studyTarget(db, cache, request.body.courseId, request.body.coursewareId, userId, now);
      const recordable = isProgressRecorded({ loggedIn: userId !== null, owned, courseType: course.type, coursewareType: ware.type });
      const progress = userId === null ? undefined : (await progressOf(db, userId, [ware.id])).get(ware.id);
      const at = wares.indexOf(ware);
      return {
        courseId: course.id,
        courseType: course.type,
        coursewareId: ware.id,
        coursewareName: ware.name,
        type: ware.type,
        duration: ware.duration,
        catalogueId: ware.catalogueId,
        stageId: ware.stageId,
        freeAudition: ware.freeAudition,
        owned,
        recordable,
        studyPercentageInfo: progressInfo(progress, ware.duration),
        paperId: ware.paperId,
        live: ware.type === 'LIVE' ? await liveInfo(db, ware.id, now) : null,
        watchTicket: recordable && userId !== null ? await openTicket(db, userId, course.id, ware.id, now) : null,
        prevCoursewareId: wares[at - 1]?.id ?? null,
        nextCoursewareId: wares[at + 1]?.id ?? null,
      };
    },
  },

  addLearnedRecord: {
    auth: 'required',
    async handler(request): Promise<LearnedRecordResult> {
      const { userId } = currentUser(request);
      const now = services.clock.now();
      const body = request.body;
      const { course, ware, owned } = await studyTarget(db, cache, body.courseId, body.coursewareId, userId, now);
      if (!isProgressRecorded({ loggedIn: true, owned, courseType: course.type, coursewareType: ware.type })) {
        throw new AppError(403, owned ? LEARNING_TEXTS.ticketInvalid : LEARNING_TEXTS.notOwned);
      }
      const outcome = await addRecord(db, {
        userId,
        courseId: course.id,
        coursewareId: ware.id,
        recordId: body.recordId,
        ticket: body.watchTicket,
        learnedTime: learnedTimeOf(body.learnedTime),
        // The position cannot lie beyond the end.
        progressBar: Math.min(body.progressBar, ware.duration),
        stageId: ware.stageId,
        duration: ware.duration,
        now,
      });
      if (outcome.kind === 'badTicket') throw badRequest(LEARNING_TEXTS.ticketInvalid);
      if (outcome.kind === 'tooMuchTime') throw badRequest(LEARNING_TEXTS.tooMuchTime);
      return { coursewareId: ware.id, counted: outcome.kind === 'counted', studyPercentageInfo: outcome.info };
    },
  },

  lastLearnedRecord: {
    auth: 'required',
    async handler(request): Promise<LastLearnedRecord | null> {
      const { userId } = currentUser(request);
      const courseId = request.body.courseId ?? null;
      if (courseId === null) return lastRecord(db, userId, null);
      const course = await findCourse(db, courseId);
      if (!course) throw notFound(LEARNING_TEXTS.courseNotFound);
      return lastRecord(db, userId, course.type === 'PACK' ? await packCourseIds(db, courseId) : [courseId]);
    },
  },

  studyPercentage: {
    auth: 'required',
    async handler(request): Promise<CourseStudyProgress> {
      const { userId } = currentUser(request);
      const course = await findCourse(db, request.params.id);
      if (!course) throw notFound(LEARNING_TEXTS.courseNotFound);
      const wares = await orderedCoursewares(db, course.type === 'PACK' ? await packCourseIds(db, course.id) : [course.id]);
      const progress = await progressOf(
        db,
        userId,
        wares.map((w) => w.id),
      );
      const whole = courseProgress(wares, progress);
      return {
        courseId: course.id,
        ...whole,
        coursewares: wares.map((w) => ({
          coursewareId: w.id,
          courseId: w.courseId,
          coursewareName: w.name,
          type: w.type,
          duration: w.duration,
          chapter: w.chapter,
          section: w.section,
          stageId: w.stageId,
          paperId: w.paperId,
          freeAudition: w.freeAudition,
          studyPercentageInfo: progress.has(w.id) ? progressInfo(progress.get(w.id), w.duration) : ZERO_PROGRESS,
        })),
      };
    },
  },
});
