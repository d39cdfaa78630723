/**
 * Whether a call that failed with `status` may succeed if sent again. No answer (0), a lost
 * session (401: it succeeds after logging in), a timeout (408), a rate limit (429) and a server
 * failure (5xx) may: keep what was sent and try again. Any other 4xx is the server's refusal of
 * what was sent, and sending it again cannot change the answer: the sender stops retrying it and
 * shows the server's reason (the answer journal of an exam, the learning-record outbox).
 */
export function isRefusedForGood(status: number): boolean {
  return status >= 400 && status < 500 && status !== 401 && status !== 408 && status !== 429;
}
