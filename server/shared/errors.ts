/**
 * One error path for the whole server: every failure leaves as the JSON envelope with the HTTP
 * status equal to the body code. Internal messages and stacks go to the log, never to the client.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, defaultErrorText, fail } from './envelope';

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
