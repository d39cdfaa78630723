/** The session as the client sees it: is it live, whose is it, and logging out. */
import { currentUser, replacedSessionError, tokenFrom } from '../shared/auth';
import { unauthorized } from '../shared/envelope';
import type { RouteGroup } from '../shared/feature';
import { revokeSession } from '../shared/session';
import { toUserInfo } from './userInfo';
import { findUserById } from './users.queries';

export const sessionRoutes: RouteGroup = ({ db, cache }) => ({
  // Answers false instead of 401: the client clears the user silently on falsy data. But a token
  // whose session a newer login ended (the device limit) answers the 401 with its message, so the
  // device learns why on its first call, even on a public page.
  checkStatus: {
    auth: 'optional',
    async handler(request) {
      if (request.auth !== null) return true;
      const replaced = await replacedSessionError(db, tokenFrom(request));
      if (replaced) throw replaced;
      return false;
    },
  },

  getUserInfo: {
    auth: 'required',
    async handler(request) {
      const row = await findUserById(db, currentUser(request).userId);
      // The session outlived its user (deleted account): treat as logged out.
      if (!row) throw unauthorized();
      return toUserInfo(row);
    },
  },

  // No auth guard: logging out with a dead token must still succeed.
  logout: {
    async handler(request) {
      await revokeSession(db, tokenFrom(request), cache);
      return null;
    },
  },
});
