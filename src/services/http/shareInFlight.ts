/**
 * Wraps a no-argument call so that callers arriving while it is pending share its promise: two
 * machines of one screen that need the same data on mount make one request (and one error toast).
 * A settled call is never reused; the next caller asks the server again.
 */
export function shareInFlight<T>(request: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    if (!pending) {
      pending = request().finally(() => {
        pending = null;
      });
    }
    return pending;
  };
}
