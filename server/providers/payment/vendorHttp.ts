/** One HTTP exchange with a payment vendor: a timeout, and every transport failure as PaymentUpstreamError. */
import { PaymentUpstreamError } from './provider';

export const DEFAULT_VENDOR_TIMEOUT_MS = 10_000;

export interface VendorAnswer {
  status: number;
  headers: Headers;
  /** The exact text: signatures are computed over these bytes, not over a re-serialised object. */
  text: string;
}

export async function vendorRequest(fetchImpl: typeof fetch, label: string, url: string, init: RequestInit, timeoutMs: number): Promise<VendorAnswer> {
  try {
    const response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    return { status: response.status, headers: response.headers, text: await response.text() };
  } catch (err) {
    const reason =
      err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError') ? `no answer within ${timeoutMs} ms` : (err as Error).message;
    throw new PaymentUpstreamError(`${label} unreachable: ${reason}`);
  }
}

export function parseJsonObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A field as a string, or undefined when absent or of another type. */
export function stringField(object: Record<string, unknown> | null | undefined, key: string): string | undefined {
  const value = object?.[key];
  return typeof value === 'string' ? value : undefined;
}
