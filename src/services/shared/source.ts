/** The traffic source (渠道) from the `qd` query of any page, kept for the Source-Type header. */
import { STORAGE_KEYS } from '../../domain/shared/constants';

const SOURCE_PATTERN = /^[\w-]{1,32}$/;

export function captureSource(search: string, params: Readonly<Record<string, string | undefined>> = {}): void {
  const qd = new URLSearchParams(search).get('qd') ?? params.qd;
  if (qd && SOURCE_PATTERN.test(qd)) localStorage.setItem(STORAGE_KEYS.source, qd);
}

export function readSource(): string | null {
  return localStorage.getItem(STORAGE_KEYS.source);
}
