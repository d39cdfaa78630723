/** How a call of the API is described (method, path, body encoding) and how its path is filled. */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** json: JSON body; multipart: file upload; signed-form: old form-urlencoded API with MD5 signature; rsa: RSA-encrypted body. */
export type Encoding = 'json' | 'multipart' | 'signed-form' | 'rsa';

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

export function defineCall(method: HttpMethod, path: string, encoding: Encoding = 'json'): ApiCallDef {
  return { method, path, encoding };
}

/** A GET the spec fixes although it changes state (bind, unbind, activate, count a view, log in). */
export function defineStateChangingGet(path: string): ApiCallDef {
  return { method: 'GET', path, encoding: 'json', changesState: true };
}

/** Every non-GET changes state, and the GETs marked so. */
export function changesState(call: ApiCallDef): boolean {
  return call.method !== 'GET' || call.changesState === true;
}

/** Fills `:name` parameters; missing optional ones are dropped with their slash. */
export function buildPath(path: string, params: Readonly<Record<string, string | number | undefined>> = {}): string {
  return path.replace(/\/:(\w+)(\?)?/g, (_m, name: string, optional?: string) => {
    const value = params[name];
    if (value === undefined || value === '') {
      if (optional) return '';
      throw new Error(`缺少路径参数 ${name}`);
    }
    return `/${encodeURIComponent(String(value))}`;
  });
}
