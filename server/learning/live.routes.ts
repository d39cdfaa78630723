/**
 * The live chat of a live courseware: yoke/sendLiveMsg while the session runs, for the course's
 * students, with the usual limits (length, one message per LIVE_MESSAGE_MIN_INTERVAL_MS, a user
 * muted by the school); and the room's messages as server-sent events (the last ones first, then
 * each as it is sent; `Last-Event-ID` resumes without repeats).
 */
import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import type { LiveMessage } from '../../src/domain/learning/contract';
import { LIVE_HISTORY_SIZE, LIVE_MESSAGE_MIN_INTERVAL_MS } from '../../src/domain/learning/limits';
import { LEARNING_TEXTS } from '../../src/domain/learning/texts';
import { ownsNow } from '../commerce/entitlements';
import type { Db } from '../db/client';
import { coursewares, liveMessages, liveMutes, liveSessions } from '../db/schema';
import { currentUser } from '../shared/auth';
import { AppError, badRequest, notFound } from '../shared/envelope';
import type { RouteGroup } from '../shared/feature';
import { liveRoomsFor, messageById, messagesAfter, storeLiveMessage } from './liveRooms';

const HEARTBEAT_MS = 15_000;

async function liveWare(db: Db, coursewareId: number) {
  const [row] = await db
    .select({ courseId: coursewares.courseId, type: coursewares.type, startsAt: liveSessions.startsAt, endsAt: liveSessions.endsAt })
    .from(coursewares)
    .leftJoin(liveSessions, eq(liveSessions.coursewareId, coursewares.id))
    .where(eq(coursewares.id, coursewareId));
  if (!row || row.type !== 'LIVE' || !row.startsAt || !row.endsAt) throw notFound(LEARNING_TEXTS.coursewareNotFound);
  return { courseId: row.courseId, startsAt: row.startsAt, endsAt: row.endsAt };
}

export const liveRoutes: RouteGroup = ({ db, dbKind, services }) => {
  return {
    sendLiveMsg: {
      auth: 'required',
      async handler(request): Promise<LiveMessage> {
        const { userId } = currentUser(request);
        const now = services.clock.now();
        const { coursewareId, clientMsgId } = request.body;
        const content = request.body.content.trim();
        const ware = await liveWare(db, coursewareId);
        if (!(await ownsNow(db, userId, ware.courseId, now))) throw new AppError(403, LEARNING_TEXTS.notOwned);
        // A resend of a message that got through answers it again.
        const [sent] = await db
          .select({ id: liveMessages.id })
          .from(liveMessages)
          .where(and(eq(liveMessages.userId, userId), eq(liveMessages.clientMsgId, clientMsgId)));
        if (sent) return (await messageById(db, sent.id))!;
        if (now < ware.startsAt || now >= ware.endsAt) throw badRequest(LEARNING_TEXTS.liveNotOpen);
        if (!content) throw badRequest(LEARNING_TEXTS.liveEmpty);
        const [muted] = await db
          .select({ until: liveMutes.until })
          .from(liveMutes)
          .where(and(eq(liveMutes.userId, userId), inArray(liveMutes.coursewareId, [0, coursewareId]), gt(liveMutes.until, now)))
          .limit(1);
        // 400, not 403: the student must read why (the client shows a 403 as 拒绝访问).
        if (muted) throw badRequest(LEARNING_TEXTS.liveMuted);
        const [last] = await db
          .select({ at: liveMessages.createdAt })
          .from(liveMessages)
          .where(eq(liveMessages.userId, userId))
          .orderBy(desc(liveMessages.id))
          .limit(1);
        if (last && now.getTime() - last.at.getTime() < LIVE_MESSAGE_MIN_INTERVAL_MS) throw badRequest(LEARNING_TEXTS.liveTooFast);
        const id = await storeLiveMessage(db, { coursewareId, userId, clientMsgId, content, createdAt: now });
        return (await messageById(db, id))!;
      },
    },

    liveMessageStream: {
      auth: 'required',
      async handler(request, reply) {
        const { userId } = currentUser(request);
        const now = services.clock.now();
        const coursewareId = request.params.id;
        const ware = await liveWare(db, coursewareId);
        if (!(await ownsNow(db, userId, ware.courseId, now))) throw new AppError(403, LEARNING_TEXTS.notOwned);
        const resumeFrom = Number(request.headers['last-event-id']);
        const history =
          Number.isSafeInteger(resumeFrom) && resumeFrom > 0
            ? await messagesAfter(db, coursewareId, resumeFrom, 500)
            : await messagesAfterLast(db, coursewareId, LIVE_HISTORY_SIZE);
        let lastSent = Number.isSafeInteger(resumeFrom) && resumeFrom > 0 ? resumeFrom : 0;
        reply.hijack();
        const raw = reply.raw;
        raw.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
          'x-content-type-options': 'nosniff',
        });
        const send = (message: LiveMessage) => {
          if (message.id <= lastSent) return;
          lastSent = message.id;
          raw.write(`id: ${message.id}\nevent: message\ndata: ${JSON.stringify(message)}\n\n`);
        };
        raw.write('retry: 3000\n\n');
        for (const message of history) send(message);
        const stop = liveRoomsFor(db, dbKind, request.server.log).subscribe(coursewareId, lastSent, send, () => raw.end());
        const heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS);
        request.raw.on('close', () => {
          clearInterval(heartbeat);
          stop();
        });
        return reply;
      },
    },
  };
};

/** The last `count` messages of the room, oldest first. */
async function messagesAfterLast(db: Db, coursewareId: number, count: number): Promise<LiveMessage[]> {
  const [edge] = await db
    .select({ id: liveMessages.id })
    .from(liveMessages)
    .where(eq(liveMessages.coursewareId, coursewareId))
    .orderBy(desc(liveMessages.id))
    .offset(count)
    .limit(1);
  return messagesAfter(db, coursewareId, edge?.id ?? 0, count);
}
