/** Facts about the caller that several features need: its address and the site's origin as it sees it. */
import type { FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';

export function clientIp(request: FastifyRequest): string {
  return request.ip || 'unknown';
}

/** The site's origin as the browser sees it: PUBLIC_ORIGIN, else this request's scheme and Host. */
export function requestOrigin(config: Pick<ServerConfig, 'publicOrigin'>, request: FastifyRequest): string {
  if (config.publicOrigin) return config.publicOrigin;
  // Normalised the way browsers do (http://x:80 → http://x), so origins compare equal.
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return `${request.protocol}://localhost`;
  }
}
