/** /usercenter/front/api: login, account, address and the user's products. */
import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import { revokeSession } from '../auth/session';
import { currentUser, tokenFrom } from '../http/auth';
import { unauthorized } from '../http/envelope';
import { type Area, defineRoute } from './lib/routes';
import { toUserInfo } from './lib/userInfo';

export const usercenterArea: Area = {
  name: 'usercenter',
  prefix: '/usercenter/front/api/',
  routes: ({ db }) => ({
    // Answers false instead of 401: the client clears the user silently on falsy data.
    checkStatus: defineRoute({
      auth: 'optional',
      handler: (request) => request.auth !== null,
    }),

    getUserInfo: defineRoute({
      auth: 'required',
      async handler(request) {
        const { userId } = currentUser(request);
        const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
        // The session outlived its user (deleted account): treat as logged out.
        if (!row) throw unauthorized();
        return toUserInfo(row);
      },
    }),

    // No auth guard: logging out with a dead token must still succeed.
    logout: defineRoute({
      async handler(request) {
        await revokeSession(db, tokenFrom(request));
        return null;
      },
    }),
  }),
};
