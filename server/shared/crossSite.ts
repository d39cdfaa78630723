/**
 * No state changes from another site. The token cookie is readable SameSite=Lax (the spec has the
 * client set it), which browsers still send on a top-level cross-site GET: so a call that changes
 * state is refused when the browser says the request comes from another site (Sec-Fetch-Site:
 * cross-site) or its Origin is not this site. Requests without these headers (the app's native
 * calls, curl, server-to-server) carry no ambient browser credentials and pass.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './envelope';

export function isCrossSite(request: FastifyRequest): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  // An opaque origin ('null': sandboxed frames, some redirects) is never ours.
  if (origin === 'null') return true;
  try {
    // Both through URL, so a default port written out (localhost:80) compares equal to none.
    return new URL(origin).host !== new URL(`http://${request.host}`).host;
  } catch {
    return true;
  }
}

/** preValidation hook of every state-changing call (registry.ts): 403 in the envelope, before auth and the payload. */
export async function refuseCrossSite(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (isCrossSite(request)) throw new AppError(403);
}
