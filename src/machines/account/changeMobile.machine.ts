/**
 * 绑定手机 card of 账号安全: 更换手机号 opens a panel with the new mobile and its SMS code. The
 * code comes from the shared smsSender (slider captcha, BINDPHONE, persisted 60 s countdown),
 * invoked while the panel is open; closing the panel stops it, and the countdown survives in
 * storage. On success the changed user goes to the root session (`session.userUpdated`).
 * States and events: see form/formFlow.ts (openable).
 */
import type { UserInfo } from '../../domain/account/contract';
import { smsFormErrors } from '../../domain/account/forms';
import { ACCOUNT_TEXTS } from '../../domain/account/texts';
import { normalizePhoneInput, normalizeSmsCodeInput } from '../../domain/account/validation';
import { saveBindMobile } from '../../services/account/account.api';
import { showToast } from '../../services/shared/toast';
import { createFormFlow } from './form/formFlow';

export interface ChangeMobileData {
  /** The user as the page opened: patched with the new mobile if the server does not answer one. */
  user: UserInfo;
}

export const changeMobileMachine = createFormFlow({
  id: 'changeMobile',
  openable: true,
  initialValues: { mobile: '', code: '' },
  normalize: { mobile: normalizePhoneInput, code: normalizeSmsCodeInput },
  validate: smsFormErrors,
  recheck: 'form',
  smsRequestType: 'BINDPHONE',
  // The client toasts why a submit fails (wrong or expired code, mobile taken); the panel keeps the input.
  submitId: 'submitMobile',
  submit: ({ mobile, code }, data: ChangeMobileData): Promise<UserInfo> => saveBindMobile(data.user, mobile, code),
  carry: (_data, user) => ({ user }),
  onSubmitted: () => showToast(ACCOUNT_TEXTS.mobileChanged, 'success'),
  outcome: (user) => ({ type: 'session.userUpdated', user }),
});

export type ChangeMobileMachine = typeof changeMobileMachine;
