/**
 * What follows a flow's session event, in one place: the session first (it writes the token
 * cookie that the target's route guard checks), then for a login the success toast and either
 * the login modal closes (the visitor stays) or the page goes on to its target (the flow already
 * applied the bind-phone rule of §4: machines/loginOutcome.ts). This sits in the entry chunk, so
 * it imports no account texts or login rules.
 */
import { LOGIN_SUCCESS_TEXT } from '../domain/shared/constants';
import type { SessionFlowEvent } from '../machines/shared/sessionEvents';
import { closeLoginModal } from '../services/shared/loginModal';
import { showToast } from '../services/shared/toast';
import type { AuthSessionActor } from './authSession';

export type Navigate = (to: string, options: { replace: boolean }) => void;

export function createSessionRelay(session: AuthSessionActor, navigate: () => Navigate): (event: SessionFlowEvent) => void {
  return (event) => {
    session.send(event);
    if (event.type !== 'session.loggedIn') return;
    showToast(LOGIN_SUCCESS_TEXT, 'success');
    if (event.target === null) closeLoginModal(true);
    else navigate()(event.target, { replace: true });
  };
}
