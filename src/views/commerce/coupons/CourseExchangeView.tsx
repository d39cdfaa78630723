import { useId, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useFlow, useIsLoggedIn, useLoginModal } from '../../../app/AppContext';
import type { RedeemResult } from '../../../domain/commerce/contract';
import { COUPON_TEXTS } from '../../../domain/commerce/coupons.texts';
import { formatDate } from '../../../domain/shared/format';
import { courseExchangeMachine, REDEEM_CODE_INPUT_MAX } from '../../../machines/commerce/courseExchange.machine';
import { paths } from '../../../paths';
import type { RouteViewProps } from '../../../routeTypes';
import { usePageTitle } from '../../shared/usePageTitle';
import './coupons.css';

/** /course-exchange: 兑换课程 — a redeem code grants a course (courseExchange.machine). A visitor logs in first, in the modal. */
export default function CourseExchangeView({ route }: RouteViewProps) {
  usePageTitle(route.title);
  const [snapshot, send] = useFlow(courseExchangeMachine);
  const loggedIn = useIsLoggedIn();
  const loginModal = useLoginModal();
  const id = useId();
  const { code, error, result } = snapshot.context;
  const busy = snapshot.matches('redeeming');
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (loggedIn) {
      send({ type: 'SUBMIT' });
      return;
    }
    void loginModal.open().then((ok) => {
      if (ok) send({ type: 'SUBMIT' });
    });
  };
  return (
    <div className="xt-coupons xt-coupons--page xt-exchange">
      <header className="xt-coupons__head">
        <h1 className="xt-coupons__title">{COUPON_TEXTS.exchangeTitle}</h1>
        <p className="xt-coupons__lead">{COUPON_TEXTS.exchangeLead}</p>
      </header>
      {snapshot.matches('redeemed') && result ? (
        <Redeemed result={result} onAgain={() => send({ type: 'AGAIN' })} />
      ) : (
        <form className="xt-exchange__form" noValidate onSubmit={onSubmit}>
          <label className="xt-exchange__label" htmlFor={`${id}-code`}>
            {COUPON_TEXTS.codeLabel}
          </label>
          <input
            id={`${id}-code`}
            className={error ? 'xt-exchange__input xt-exchange__input--invalid' : 'xt-exchange__input'}
            value={code}
            maxLength={REDEEM_CODE_INPUT_MAX}
            placeholder={COUPON_TEXTS.codePlaceholder}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            disabled={busy}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : `${id}-hint`}
            data-testid="redeem-code"
            onChange={(e) => send({ type: 'EDIT', value: e.currentTarget.value })}
          />
          {error ? (
            <span className="xt-exchange__error" id={`${id}-error`} role="alert" data-testid="redeem-error">
              {error}
            </span>
          ) : (
            <span className="xt-exchange__hint" id={`${id}-hint`}>
              {loggedIn ? COUPON_TEXTS.codeHint : `${COUPON_TEXTS.codeHint}；${COUPON_TEXTS.loginFirst}`}
            </span>
          )}
          <button type="submit" className="xt-btn xt-btn--primary xt-exchange__submit" disabled={busy}>
            {busy ? COUPON_TEXTS.exchanging : COUPON_TEXTS.exchange}
          </button>
        </form>
      )}
    </div>
  );
}

function Redeemed({ result, onAgain }: { result: RedeemResult; onAgain: () => void }) {
  return (
    <section className="xt-exchange__done" role="status" aria-labelledby="exchange-done" data-testid="redeem-success">
      <h2 className="xt-exchange__done-title" id="exchange-done">
        {COUPON_TEXTS.exchangedTitle}
      </h2>
      <p>{COUPON_TEXTS.exchangedCourse(result.title)}</p>
      <p>{COUPON_TEXTS.exchangedUntil(formatDate(new Date(result.validUntil)))}</p>
      <div className="xt-exchange__actions">
        <Link href={paths.courseDetail(result.courseId)} className="xt-btn xt-btn--primary">
          {COUPON_TEXTS.goStudy}
        </Link>
        <button type="button" className="xt-btn" onClick={onAgain}>
          {COUPON_TEXTS.exchangeAnother}
        </button>
      </div>
    </section>
  );
}
