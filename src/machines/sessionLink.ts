/**
 * How the account-settings machines tell the root session about a changed user (USER_UPDATED):
 * only the session's `send`, so a test can pass a spy and no machine holds the whole session.
 */
import type { AuthSessionEvent } from './authSession.machine';

export type UserUpdatedEvent = Extract<AuthSessionEvent, { type: 'USER_UPDATED' }>;

export interface SessionLink {
  send(event: UserUpdatedEvent): void;
}

/** The message of a failed service, for a context field (the client already toasted it). */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
