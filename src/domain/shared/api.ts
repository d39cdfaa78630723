/**
 * How a call of the API is described (method, path, body encoding, and for the type checker what it
 * takes and answers) and how its path is filled.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * json: JSON body; multipart: file upload; signed-form: old form-urlencoded API with MD5 signature;
 * signed-multipart: the old API's upload, its signed fields then the file; rsa: RSA-encrypted body.
 */
export type Encoding = 'json' | 'multipart' | 'signed-form' | 'signed-multipart' | 'rsa';

export interface ApiCallDef {
  readonly method: HttpMethod;
  readonly path: string;
  readonly encoding: Encoding;
  /** A GET that changes state (the spec fixes some): the server refuses it from another site, like every non-GET. */
  readonly changesState?: true;
}

/** The URL prefixes of the API's services; a feature's calls may span several. */
export const API_PREFIX = {
  usercenter: '/usercenter/front/api',
  sys: '/sys/front/api',
  products: '/products/front/api',
  dataanalysis: '/dataanalysis/front/api',
  questionbank: '/questionbank/front/api',
} as const;

/** What fills a path's `:name` parameters. */
export type PathParams = Readonly<Record<string, string | number | undefined>>;

/** The path parameters of the many calls on one record: `…/getDetails/:id`. */
export type ById = { id: number };

/** The body of a POST or PUT that sends nothing but must send JSON: `{}`. */
export type EmptyBody = Record<string, never>;

/**
 * What a call takes and answers: `answer` is the envelope's `data` (an 'rsa' call's once opened);
 * `body`, `params` (the path's `:name`s) and `query` (the query string) are what the client sends,
 * each left out when the call sends none. Written once, in the area's calls.ts, from its contract.ts.
 */
export interface CallShape {
  answer: unknown;
  body?: unknown;
  params?: PathParams;
  query?: object;
}

// Types only: no call object holds this key; it carries the shape from the definition to call()
// and to the tests' fixtures.
declare const shape: unique symbol;

/** A call definition that carries its shape: `call(def, …)` infers what to send and what comes back. */
export interface Call<S extends CallShape = CallShape> extends ApiCallDef {
  readonly [shape]?: S;
}

export type ShapeOf<D> = D extends Call<infer S> ? S : never;
/** What the call answers (the server's handler returns it; the client's call() resolves to it). */
export type AnswerOf<D> = ShapeOf<D>['answer'];
/** undefined: the call sends no body (no params, no query). */
export type BodyOf<D> = ShapeOf<D> extends { body: infer B } ? B : undefined;
export type ParamsOf<D> = ShapeOf<D> extends { params: infer P } ? P : undefined;
export type QueryOf<D> = ShapeOf<D> extends { query: infer Q } ? Q : undefined;

/** `defineCall<{ answer: ClassNode[]; body: EmptyBody }>('POST', path)`: the shape is the type argument, nothing more at run time. */
export function defineCall<S extends CallShape>(method: HttpMethod, path: string, encoding: Encoding = 'json'): Call<S> {
  return { method, path, encoding };
}

/** A GET the spec fixes although it changes state (bind, unbind, activate, count a view, log in). */
export function defineStateChangingGet<S extends CallShape>(path: string): Call<S> {
  return { method: 'GET', path, encoding: 'json', changesState: true };
}

/** Every non-GET changes state, and the GETs marked so. */
export function changesState(call: ApiCallDef): boolean {
  return call.method !== 'GET' || call.changesState === true;
}

/** Fills `:name` parameters; missing optional ones are dropped with their slash. */
export function buildPath(path: string, params: PathParams = {}): string {
  return path.replace(/\/:(\w+)(\?)?/g, (_m, name: string, optional?: string) => {
    const value = params[name];
    if (value === undefined || value === '') {
      if (optional) return '';
      throw new Error(`缺少路径参数 ${name}`);
    }
    return `/${encodeURIComponent(String(value))}`;
  });
}
