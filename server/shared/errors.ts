/**
 * One error path for the whole server: every failure leaves as the JSON envelope with the HTTP
 * status equal to the body code. Internal messages and stacks go to the log, never to the client.
 */
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/client';
import { AppError, defaultErrorText, fail } from './envelope';
import { PRE_ROUTING_HEADERS } from './securityPolicy';

export const INVALID_JSON_TEXT = '请求体不是有效的 JSON';

/** Fastify's own client errors whose default English text must not reach the user. */
const FASTIFY_CODE_TEXTS: Readonly<Record<string, string>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: INVALID_JSON_TEXT,
  FST_ERR_CTP_EMPTY_JSON_BODY: INVALID_JSON_TEXT,
};

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && typeof (error as Partial<FastifyError>).code === 'string';
}

export function errorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  // The database restarting or out of reach: the truth is 503, which the browser's journal and
  // outbox retry (a 500 would read as the server's own fault).
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    return reply
      .code(503)
      .header('retry-after', '1')
      .send(fail(503, defaultErrorText(503)));
  }
  if (error instanceof AppError) {
    if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    return reply.code(error.statusCode).send(fail(error.statusCode, error.message, error.data));
  }
  const fe = error as Partial<FastifyError> | null;
  if (fe?.validation) {
    return reply.code(400).send(fail(400, (error as Error).message));
  }
  if (isFastifyError(error)) {
    const text = FASTIFY_CODE_TEXTS[error.code];
    if (text) return reply.code(400).send(fail(400, text));
    // Prototype-poisoned JSON is rejected by secure-json-parse with a plain 400.
    if (error.statusCode === 400 && /JSON|prototype|constructor/i.test(error.message)) {
      return reply.code(400).send(fail(400, INVALID_JSON_TEXT));
    }
  }
  const status = typeof fe?.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 600 ? fe.statusCode : 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'unhandled error');
    // A 5xx from a library may carry an internal message: always answer the catalogue text.
    return reply.code(status).send(fail(status, defaultErrorText(status)));
  }
  // The client's mistake, not the server's: the per-request line at debug says enough for operators.
  request.log.debug({ err: error }, 'client error');
  return reply.code(status).send(fail(status, defaultErrorText(status)));
}

export const BAD_URL_TEXT = '请求地址无效';

/**
 * Errors the router raises before any route runs (Fastify's `frameworkErrors`): a badly
 * percent-encoded URL, a path parameter past maxParamLength. Answered in the envelope, in Chinese,
 * without echoing the URL.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  request.log.debug({ code: error.code }, 'framework error');
  // No hook runs for these answers, helmet's neither.
  reply.headers(PRE_ROUTING_HEADERS);
  if (error.code === 'FST_ERR_BAD_URL') void reply.code(400).send(fail(400, BAD_URL_TEXT));
  else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') void reply.code(414).send(fail(414));
  else void reply.code(500).send(fail(500));
}

const PRE_ROUTING_LINES = Object.entries(PRE_ROUTING_HEADERS)
  .map(([name, value]) => `${name}: ${value}\r\n`)
  .join('');

/**
 * Errors Node's HTTP parser meets before Fastify sees a request (the server's 'clientError'):
 * headers past the size limit, a malformed request, a client too slow. The raw socket gets the
 * envelope, like every other answer.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  this.log.debug({ code: error.code }, 'client error before routing');
  if (socket.writable) {
    const body = JSON.stringify(fail(status));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${PRE_ROUTING_LINES}Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

export function notFoundHandler(_request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.code(404).send(fail(404));
}

/**
 * Keeps Fastify's safe JSON parser but reads an empty body as `{}`: clients post payload-less
 * calls (logout, getUserInfo) with a JSON content type and no body.
 */
export function installJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, {});
      return;
    }
    void parse(request, text, done);
  });
}

export function installErrorHandling(app: FastifyInstance): void {
  installJsonParser(app);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler);
}
