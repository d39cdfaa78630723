import { useCallback } from 'react';
import { useLocation } from 'wouter';
import type { LoginResult } from '../../domain/account/contract';
import { afterLoginPath } from '../../domain/account/login';
import { ACCOUNT_TEXTS } from '../../domain/account/texts';
import { closeLoginModal } from '../../services/loginModal';
import { showToast } from '../../services/toast';
import { useSessionActor } from '../app/session';

export type LoginMode = 'page' | 'modal';

/**
 * What every login ends with (SMS, password, WeChat, bind phone, forgot password): the root session
 * stores the token and user; a page goes on to its target (or to bind phone, §4); the modal closes
 * and the visitor stays where they were.
 */
export function useCompleteLogin(mode: LoginMode): (result: LoginResult, target: string) => void {
  const session = useSessionActor();
  const [, navigate] = useLocation();
  return useCallback(
    (result, target) => {
      // The session first: it writes the token cookie that the target's route guard checks.
      session.send({ type: 'LOGGED_IN', result });
      showToast(ACCOUNT_TEXTS.loginSuccess, 'success');
      if (mode === 'modal') closeLoginModal(true);
      else navigate(afterLoginPath(result, target), { replace: true });
    },
    [session, navigate, mode],
  );
}
