/**
 * An answer serialized once, as its whole `{code, msg, data}` envelope, and sent as it is. For
 * cached public reads: the cache keeps the prepared answer, so a hit costs no JSON.stringify, which
 * on a course page or a course's details is most of the work left (npm run bench).
 */
import { ok } from './envelope';

export class PreparedJson<T> {
  /** The envelope's JSON, encoded once: what the client receives. */
  readonly body: Buffer;

  constructor(readonly data: T) {
    this.body = Buffer.from(JSON.stringify(ok(data)), 'utf8');
  }
}

/** Wraps a loader so what it loads is kept prepared. */
export function prepared<T>(load: () => Promise<T>): () => Promise<PreparedJson<T>> {
  return async () => new PreparedJson(await load());
}
