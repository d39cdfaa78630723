/**
 * smsSender — the "获取验证码" link with its slider captcha and the 60 s resend countdown
 * (product-spec §4, §5). Used by SMS login, bind phone, forgot password and the user centre's
 * "change mobile".
 *
 * How to use it
 *   invoke it from the form's machine (root-level, so it lives as long as the form):
 *     invoke: { id: 'smsSender', src: 'smsSender', input: { requestType: 'BINDPHONE' } }
 *     with `actors: { smsSender: smsSenderMachine }` in setup(), and forward every phone edit:
 *     sendTo('smsSender', ({ context }) => ({ type: 'MOBILE_CHANGED', mobile: context.mobile }))
 *   render it with <SmsCodeField sender={snapshot.children.smsSender} …/> (code input + link +
 *   captcha) or <SmsCodeButton sender={…}/> from src/views/account/login/SmsCodeField.tsx.
 *
 *   input   { requestType: SmsRequestType; mobile?: string }
 *   events  MOBILE_CHANGED { mobile }   every edit of the phone field (already normalized)
 *           REQUEST_CODE                the link is clicked (only taken while the phone is valid)
 *           CAPTCHA_SOLVED { solution } the slider was released (from <SliderCaptcha>)
 *           CAPTCHA_REFRESH             a new puzzle
 *           CAPTCHA_CLOSE               back without sending
 *   read    smsSenderView(snapshot) → { label, canRequest, captcha } (see below)
 *
 * The server checks the slider inside sendMobileCodeCaptchaVerify, so `captcha.verifying` is the
 * sending call itself: data true → toast and count down; data 400 → the slider failed, a new puzzle
 * loads with the failure text. The countdown's start (epoch ms) is stored per request type
 * (services/smsCountdown.storage.ts) and every delay is derived from it: a reload or another tab shows
 * the right seconds left, an already open tab adopts a start written by another (storage event),
 * and a restored snapshot (which does not re-arm `after`) re-derives too.
 */
import { assign, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { CAPTCHA_FAILED_DATA, CAPTCHA_SCENES, type CaptchaChallenge, type CaptchaSolution } from '../../domain/account/captcha';
import type { SendSmsAnswer, SmsRequestType } from '../../domain/account/contract';
import { countdownMsLeft, countdownSecondsLeft, msUntilNextTick, smsCodeLabel } from '../../domain/account/smsCountdown';
import { ACCOUNT_TEXTS, SMS_SENT_TEXT } from '../../domain/account/texts';
import { validatePhone } from '../../domain/account/validation';
import { requestSmsCode, type SmsCodeRequest } from '../../services/account/login.api';
import { getCaptchaChallenge } from '../../services/account/captcha.api';
import { clearCountdownStart, readCountdownStart, watchCountdownStart, writeCountdownStart } from '../../services/account/smsCountdown.storage';
import { showToast } from '../../services/shared/toast';

export interface SmsSenderInput {
  requestType: SmsRequestType;
  mobile?: string;
}

export interface SmsSenderContext {
  requestType: SmsRequestType;
  mobile: string;
  /** When the running (or last) countdown started, epoch ms; null before any send. */
  startedAt: number | null;
  secondsLeft: number;
  /** A code of this kind was sent already: the link reads 重新发送 instead of 获取验证码. */
  sentBefore: boolean;
  challenge: CaptchaChallenge | null;
  solution: CaptchaSolution | null;
  /** The slider did not pass (shown over the next puzzle). */
  captchaError: string | null;
  /** The puzzle could not be loaded. */
  loadError: string | null;
}

export type SmsSenderEvent =
  | { type: 'MOBILE_CHANGED'; mobile: string }
  | { type: 'REQUEST_CODE' }
  | { type: 'CAPTCHA_SOLVED'; solution: CaptchaSolution }
  | { type: 'CAPTCHA_REFRESH' }
  | { type: 'CAPTCHA_CLOSE' }
  /** Another open tab sent a code of this kind (from the storage watcher, not the view). */
  | { type: 'COUNTDOWN_STARTED_ELSEWHERE'; startedAt: number };

/** Closing the puzzle returns to where the link was: never sent, or resendable. */
const CLOSE_CAPTCHA = { CAPTCHA_CLOSE: [{ guard: 'sentBefore', target: '#smsSender.resendable' }, { target: '#smsSender.idle' }] } as const;

/** A code sent from another tab starts this tab's countdown too (the server would refuse a resend). */
const ADOPT_OTHER_TAB = {
  COUNTDOWN_STARTED_ELSEWHERE: {
    target: '#smsSender.restoring',
    actions: 'adoptOtherTabStart',
  },
} as const;

export const smsSenderMachine = setup({
  types: {
    input: {} as SmsSenderInput,
    context: {} as SmsSenderContext,
    events: {} as SmsSenderEvent,
  },
  actors: {
    loadChallenge: fromPromise<CaptchaChallenge>(() => getCaptchaChallenge(CAPTCHA_SCENES.sms)),
    sendCode: fromPromise<SendSmsAnswer, SmsCodeRequest>(({ input }) => requestSmsCode(input)),
    watchOtherTabs: fromCallback<SmsSenderEvent, SmsRequestType>(({ input, sendBack }) =>
      watchCountdownStart(input, (startedAt) => sendBack({ type: 'COUNTDOWN_STARTED_ELSEWHERE', startedAt })),
    ),
  },
  actions: {
    startCountdown: assign({ startedAt: () => Date.now(), sentBefore: true }),
    updateSecondsLeft: assign({ secondsLeft: ({ context }) => countdownSecondsLeft(context.startedAt, Date.now()) }),
    persistCountdown: ({ context }) => {
      if (context.startedAt !== null) writeCountdownStart(context.requestType, context.startedAt);
    },
    clearCountdown: ({ context }) => clearCountdownStart(context.requestType),
    adoptOtherTabStart: assign(({ event }) => (event.type === 'COUNTDOWN_STARTED_ELSEWHERE' ? { startedAt: event.startedAt, sentBefore: true } : {})),
    notifySent: () => showToast(SMS_SENT_TEXT, 'success'),
  },
  guards: {
    phoneValid: ({ context }) => validatePhone(context.mobile) === null,
    sentBefore: ({ context }) => context.sentBefore,
    countdownRunning: ({ context }) => countdownMsLeft(context.startedAt, Date.now()) > 0,
    captchaRejected: (_, params: { answer: SendSmsAnswer }) => params.answer === CAPTCHA_FAILED_DATA,
  },
  delays: {
    /** Until the shown number changes (aligned to the stored start). */
    tick: ({ context }) => msUntilNextTick(context.startedAt, Date.now()),
    /** Until the 60 s are over, from the stored start. */
    countdownEnd: ({ context }) => countdownMsLeft(context.startedAt, Date.now()),
  },
}).createMachine({
  id: 'smsSender',
  context: ({ input }) => {
    const startedAt = readCountdownStart(input.requestType);
    return {
      requestType: input.requestType,
      mobile: input.mobile ?? '',
      startedAt,
      secondsLeft: 0,
      sentBefore: startedAt !== null,
      challenge: null,
      solution: null,
      captchaError: null,
      loadError: null,
    };
  },
  initial: 'restoring',
  invoke: { id: 'watchOtherTabs', src: 'watchOtherTabs', input: ({ context }) => context.requestType },
  on: {
    MOBILE_CHANGED: { actions: assign({ mobile: ({ event }) => event.mobile }) },
  },
  states: {
    /** A countdown started on an earlier page load (or in another tab) is still running. */
    restoring: {
      always: [{ guard: 'countdownRunning', target: 'countingDown' }, { target: 'idle' }],
    },
    idle: {
      on: { REQUEST_CODE: { guard: 'phoneValid', target: 'captcha' }, ...ADOPT_OTHER_TAB },
    },
    captcha: {
      initial: 'loading',
      entry: assign({ captchaError: null }),
      states: {
        loading: {
          entry: assign({ challenge: null, loadError: null }),
          invoke: {
            id: 'loadChallenge',
            src: 'loadChallenge',
            onDone: { target: 'showing', actions: assign({ challenge: ({ event }) => event.output }) },
            onError: {
              target: 'loadFailed',
              actions: assign({ loadError: ({ event }) => (event.error instanceof Error ? event.error.message : null) }),
            },
          },
          on: { ...CLOSE_CAPTCHA },
        },
        showing: {
          on: {
            CAPTCHA_SOLVED: { target: 'verifying', actions: assign({ solution: ({ event }) => event.solution, captchaError: null }) },
            CAPTCHA_REFRESH: { target: 'loading', actions: assign({ captchaError: null }) },
            ...CLOSE_CAPTCHA,
          },
        },
        loadFailed: {
          on: { CAPTCHA_REFRESH: 'loading', ...CLOSE_CAPTCHA },
        },
        /** The SMS request carrying the slider solution (the server checks both at once). */
        verifying: {
          invoke: {
            id: 'sendCode',
            src: 'sendCode',
            input: ({ context }) => ({ mobile: context.mobile, requestType: context.requestType, solution: context.solution! }),
            onDone: [
              {
                guard: { type: 'captchaRejected', params: ({ event }) => ({ answer: event.output }) },
                target: 'loading',
                actions: assign({ captchaError: ACCOUNT_TEXTS.captchaFailed }),
              },
              { target: '#smsSender.countingDown', actions: ['startCountdown', 'persistCountdown', 'notifySent'] },
            ],
            // The client toasted the server's reason (too frequent, daily limit…): close the puzzle.
            onError: [{ guard: 'sentBefore', target: '#smsSender.resendable' }, { target: '#smsSender.idle' }],
          },
        },
      },
    },
    countingDown: {
      entry: 'updateSecondsLeft',
      after: {
        countdownEnd: 'resendable',
        tick: { guard: 'countdownRunning', target: 'countingDown', reenter: true },
      },
    },
    resendable: {
      entry: ['clearCountdown', assign({ secondsLeft: 0, sentBefore: true })],
      on: { REQUEST_CODE: { guard: 'phoneValid', target: 'captcha' }, ...ADOPT_OTHER_TAB },
    },
  },
});

export type SmsSenderSnapshot = SnapshotFrom<typeof smsSenderMachine>;

export type CaptchaStatus = 'loading' | 'ready' | 'verifying' | 'loadFailed';

export interface SmsSenderView {
  /** 获取验证码 / `${n}s后重新获取` / 重新发送 */
  label: string;
  /** The link is enabled: a valid phone, no puzzle open, no countdown running. */
  canRequest: boolean;
  counting: boolean;
  captcha: null | {
    status: CaptchaStatus;
    challenge: CaptchaChallenge | null;
    /** 验证失败，请重新拖动滑块 after a failed slide. */
    error: string | null;
    loadError: string | null;
  };
}

const CAPTCHA_STATUS: Record<string, CaptchaStatus> = { loading: 'loading', showing: 'ready', verifying: 'verifying', loadFailed: 'loadFailed' };

/** What a view needs, independent of the state names. */
export function smsSenderView(snapshot: SmsSenderSnapshot): SmsSenderView {
  const { context } = snapshot;
  const counting = snapshot.matches('countingDown');
  const captchaState = typeof snapshot.value === 'object' && 'captcha' in snapshot.value ? String(snapshot.value.captcha) : null;
  return {
    label: smsCodeLabel(counting ? context.secondsLeft : 0, context.sentBefore),
    canRequest: snapshot.can({ type: 'REQUEST_CODE' }),
    counting,
    captcha: captchaState
      ? { status: CAPTCHA_STATUS[captchaState] ?? 'loading', challenge: context.challenge, error: context.captchaError, loadError: context.loadError }
      : null,
  };
}
