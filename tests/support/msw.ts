/**
 * msw fixtures typed by the calls they stand in for (src/domain/<area>/calls.ts): `answer(DEF, data)`
 * answers DEF's method and path, and `data` (or what its resolver returns through `ok`) must be
 * DEF's answer type. Changing an answer's shape in a contract.ts then breaks the fixtures that no
 * longer fit, as it breaks the client and the server, instead of leaving them to pass on old data.
 */
import { http, HttpResponse, type DefaultBodyType, type HttpHandler, type HttpResponseResolver, type RequestHandlerOptions } from 'msw';
import type { AnswerOf, BodyOf, Call, HttpMethod, ParamsOf } from '../../src/domain/shared/api';
import type { Envelope } from '../../src/domain/shared/envelope';

/** The success envelope around `data`, as the server's registry wraps a handler's answer. */
export function ok<T>(data: T): HttpResponse<Envelope<T>> {
  return HttpResponse.json<Envelope<T>>({ code: 200, msg: 'success', data });
}

/**
 * A refusal (`code` = HTTP status; §8: the client toasts `msg` and throws ApiError). It answers
 * nothing, so its envelope fits every call's handler: `data` (null, or a refusal's details such as
 * the refused answer) is never read as the call's answer.
 */
export function fail(msg: string, status = 400, data: unknown = null): HttpResponse<Envelope<never>> {
  return HttpResponse.json<Envelope<unknown>>({ code: status, msg, data }, { status }) as HttpResponse<Envelope<never>>;
}

/** The path parameters as msw matches them: text. */
type WireParams<D> = ParamsOf<D> extends object ? { [K in keyof ParamsOf<D>]: string } : Record<string, never>;
/** What `request.json()` gives: the call's body (a multipart or sealed call reads its request otherwise). */
type WireBody<D> = BodyOf<D> extends DefaultBodyType ? BodyOf<D> : DefaultBodyType;

/** What a handler of D responds: `ok(answer)`, or `fail(…)`. */
export type Reply<D extends Call> = HttpResponse<Envelope<AnswerOf<D>>>;

export type AnswerResolver<D extends Call> = HttpResponseResolver<WireParams<D>, WireBody<D>, Envelope<AnswerOf<D>>>;

const HANDLERS: Record<HttpMethod, typeof http.get> = { GET: http.get, POST: http.post, PUT: http.put, DELETE: http.delete };

/**
 * The handler of one call: `answer(CATALOG_CALLS.classTreeList, TREE)` answers TREE on every
 * request; a resolver answers per request (`({ request, params }) => ok(…)` or `fail(…)`).
 */
export function answer<D extends Call>(def: D, reply: AnswerOf<D> | AnswerResolver<D>, options?: RequestHandlerOptions): HttpHandler {
  const resolver = typeof reply === 'function' ? (reply as AnswerResolver<D>) : () => ok(reply);
  return HANDLERS[def.method]<WireParams<D>, WireBody<D>, Envelope<AnswerOf<D>>>(def.path, resolver, options);
}
