/**
 * What follows a flow's session event, in one place: the session first (it writes the token
 * cookie that the target's route guard checks), then for a login the success toast and either
 * the login modal closes (the visitor stays) or the page goes on to its target (or to bind phone, §4).
 */
import { ACCOUNT_TEXTS } from '../domain/account';
import { afterLoginPath } from '../domain/login';
import type { SessionFlowEvent } from '../machines/sessionEvents';
import { closeLoginModal } from '../services/loginModal';
import { showToast } from '../services/toast';
import type { AuthSessionActor } from './authSession';

export type Navigate = (to: string, options: { replace: boolean }) => void;

export function createSessionRelay(session: AuthSessionActor, navigate: () => Navigate): (event: SessionFlowEvent) => void {
  return (event) => {
    session.send(event);
    if (event.type !== 'session.loggedIn') return;
    showToast(ACCOUNT_TEXTS.loginSuccess, 'success');
    if (event.target === null) closeLoginModal(true);
    else navigate()(afterLoginPath(event.result, event.target), { replace: true });
  };
}
