/** The one JSON envelope of every API answer. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
  /** Some older calls answer with a status word instead of a code. */
  status?: 'success' | 'nologin' | (string & {});
  message?: string;
}

export function isSuccess(body: Pick<Envelope, 'code' | 'status'> | null | undefined): boolean {
  return !!body && (body.code === 200 || body.status === 'success');
}

export function isNoLogin(body: Pick<Envelope, 'code' | 'status'> | null | undefined): boolean {
  return !!body && (body.code === 401 || body.status === 'nologin');
}

export interface Page<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
}
