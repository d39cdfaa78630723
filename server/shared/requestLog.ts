/**
 * One line per request, replacing Fastify's 'incoming request' + 'request completed' pair: at
 * debug for an ordinary answer, so production logs (info) carry only what an operator acts on —
 * a slow request as warn, a failed one (5xx) as error. request.log adds the request id (reqId).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Above this a request is worth an operator's look even when it succeeded. */
export const SLOW_REQUEST_MS = 1000;

/** 501 answers calls nobody has built yet: expected by the client, not a failure of the server. */
const NOT_IMPLEMENTED = 501;

/** Path parameters that carry a credential (loginByTempCode/:code): the route pattern is logged instead of the path. */
const SECRET_PARAM = /\/:(code|token)\b/;

/** The path without the query string (WeChat codes, states, tokens ride there); never a secret path parameter. */
export function loggedUrl(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern && SECRET_PARAM.test(pattern)) return pattern;
  const query = request.url.indexOf('?');
  return query === -1 ? request.url : request.url.slice(0, query);
}

export function logResponse(request: FastifyRequest, reply: FastifyReply): void {
  const status = reply.statusCode;
  const ms = Math.round(reply.elapsedTime);
  const line = { method: request.method, url: loggedUrl(request), status, ms };
  if (status >= 500 && status !== NOT_IMPLEMENTED) request.log.error(line, 'request failed');
  else if (ms > SLOW_REQUEST_MS) request.log.warn(line, 'slow request');
  else request.log.debug(line, 'request');
}

/** Pair with Fastify's `logController: new LogController({ disableRequestLogging: true })`. */
export function installRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => logResponse(request, reply));
}
