/**
 * 登录设备 (账号安全): the caller's live sessions, and signing one of them out. Every query is
 * scoped by the session's user: another user's session id answers 404, as an unknown one does,
 * so the answer never tells that it exists.
 */
import { currentUser } from '../shared/auth';
import { notFound } from '../shared/envelope';
import type { RouteGroup } from '../shared/feature';
import { revokeSessionOfUser } from '../shared/session';
import { listLiveSessions } from './sessions.queries';

export const sessionsRoutes: RouteGroup = ({ db, cache }) => ({
  sessionList: {
    auth: 'required',
    async handler(request, reply) {
      const { userId, sessionId } = currentUser(request);
      reply.header('cache-control', 'no-store');
      return listLiveSessions(db, userId, sessionId);
    },
  },

  // The current session too: the client then logs this device out, as 退出登录 does.
  signOutSession: {
    auth: 'required',
    async handler(request) {
      const { userId } = currentUser(request);
      if (!(await revokeSessionOfUser(db, userId, request.params.id, cache))) throw notFound();
      return null;
    },
  },
});
