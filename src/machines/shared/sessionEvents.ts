/**
 * How a flow changes the root session: it `emit`s one of these typed events and useFlow relays
 * every emitted `session.*` event to the session actor (systemId 'session'). No flow holds the
 * session itself, so a machine test listens with `actor.on('session.userUpdated', …)`.
 */
import type { LoginResult, UserInfo } from '../../domain/account/contract';

export type SessionFlowEvent =
  /** A login of any kind ended. `target`: where the page goes next (loginOutcome.ts); null in the login modal (the visitor stays). */
  | { type: 'session.loggedIn'; result: LoginResult; target: string | null }
  /** The account's user changed (profile, avatar, mobile…). */
  | { type: 'session.userUpdated'; user: UserInfo };

export const SESSION_EVENT_PREFIX = 'session.';

export function isSessionFlowEvent(event: { type: string }): event is SessionFlowEvent {
  return event.type.startsWith(SESSION_EVENT_PREFIX);
}

/** The message of a failed service, for a context field (the client already toasted it). */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
