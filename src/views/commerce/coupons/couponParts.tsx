import type { ReactNode } from 'react';
import { useIsLoggedIn, useLoginModal } from '../../../app/AppContext';
import type { ClaimableCoupon, CouponTerms } from '../../../domain/commerce/contract';
import { claimableCouponValidity, COUPON_TEXTS, couponCondition, couponScope, couponValue, isSoldOut } from '../../../domain/commerce/coupons.texts';
import { formatDate } from '../../../domain/shared/format';
import type { CouponClaimContext } from '../../../machines/commerce/couponClaim';

/** A coupon as a ticket: the value on the left, name, condition, scope and validity on the right, then `aside` (a state or a button). */
export function CouponTicket({
  terms,
  validity,
  muted = false,
  aside,
  children,
  heading = 'h2',
}: {
  terms: CouponTerms;
  validity: string;
  muted?: boolean;
  aside?: ReactNode;
  children?: ReactNode;
  /** The name's heading level: h2 under the page title, h3 under a section's. */
  heading?: 'h2' | 'h3';
}) {
  const value = couponValue(terms);
  const Name = heading;
  return (
    <article className={muted ? 'xt-coupon xt-coupon--muted' : 'xt-coupon'} aria-label={terms.name} data-testid="coupon">
      <div className="xt-coupon__value">
        <span className="xt-coupon__figure">
          {value.prefix && <small>{value.prefix}</small>}
          {value.figure}
        </span>
        <span className="xt-coupon__condition">{couponCondition(terms)}</span>
      </div>
      <div className="xt-coupon__text">
        <Name className="xt-coupon__name">{terms.name}</Name>
        <span>{couponScope(terms)}</span>
        <span>{validity}</span>
        {children}
      </div>
      {aside && <div className="xt-coupon__aside">{aside}</div>}
    </article>
  );
}

/** What one claimable coupon shows: 已领取, 已领完, or 领取 (which logs a visitor in first), and why a claim was refused. */
function ClaimAside({
  coupon,
  claiming,
  refusal,
  disabled,
  onClaim,
}: {
  coupon: ClaimableCoupon;
  claiming: boolean;
  refusal: string | undefined;
  disabled: boolean;
  onClaim: () => void;
}) {
  if (coupon.claimed) return <span className="xt-coupon__status">{COUPON_TEXTS.claimed}</span>;
  if (isSoldOut(coupon)) return <span className="xt-coupon__status">{COUPON_TEXTS.soldOut}</span>;
  return (
    <>
      <button type="button" className="xt-btn xt-btn--primary" onClick={onClaim} disabled={disabled || claiming}>
        {claiming ? COUPON_TEXTS.claiming : COUPON_TEXTS.claim}
      </button>
      {refusal && (
        <span className="xt-coupon__refusal" role="alert">
          {refusal}
        </span>
      )}
    </>
  );
}

type ClaimSend = (event: { type: 'CLAIM' | 'CLAIM_AFTER_LOGIN'; templateId: number }) => void;

/** 领取 for a visitor opens the login modal; once logged in the list loads again (the user's 已领取 flags) and the claim goes on. */
export function useClaim(send: ClaimSend): (templateId: number) => void {
  const loggedIn = useIsLoggedIn();
  const loginModal = useLoginModal();
  return (templateId) => {
    if (loggedIn) {
      send({ type: 'CLAIM', templateId });
      return;
    }
    void loginModal.open().then((ok) => {
      if (ok) send({ type: 'CLAIM_AFTER_LOGIN', templateId });
    });
  };
}

/** The claimable coupons of a page, each with its claim state. */
export function ClaimableCouponList<T>({
  coupons,
  context,
  claimingAllowed = true,
  heading,
  onClaim,
}: {
  coupons: readonly ClaimableCoupon[];
  context: CouponClaimContext<T>;
  claimingAllowed?: boolean;
  heading?: 'h2' | 'h3';
  onClaim: (templateId: number) => void;
}) {
  return (
    <ul className="xt-coupons__list">
      {coupons.map((coupon) => (
        <li key={coupon.templateId}>
          <CouponTicket
            terms={coupon}
            validity={claimableCouponValidity(coupon)}
            muted={coupon.claimed || isSoldOut(coupon)}
            heading={heading}
            aside={
              <ClaimAside
                coupon={coupon}
                claiming={context.claiming === coupon.templateId}
                refusal={context.refusals[coupon.templateId]}
                disabled={!claimingAllowed || context.claiming !== null}
                onClaim={() => onClaim(coupon.templateId)}
              />
            }
          >
            {coupon.remaining !== null && !isSoldOut(coupon) && <span>{COUPON_TEXTS.remaining(coupon.remaining)}</span>}
            {coupon.claimEndsAt !== null && <span>{COUPON_TEXTS.claimEndsAt(formatDate(new Date(coupon.claimEndsAt)))}</span>}
          </CouponTicket>
        </li>
      ))}
    </ul>
  );
}
