/** The session as the client sees it: is it live, whose is it, and logging out. */
import { currentUser, tokenFrom } from '../shared/auth';
import { unauthorized } from '../shared/envelope';
import type { RouteGroup } from '../shared/feature';
import { revokeSession } from '../shared/session';
import { toUserInfo } from './userInfo';
import { findUserById } from './users.queries';

export const sessionRoutes: RouteGroup = ({ db, cache }) => ({
  // Answers false instead of 401: the client clears the user silently on falsy data.
  checkStatus: {
    auth: 'optional',
    handler: (request) => request.auth !== null,
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
