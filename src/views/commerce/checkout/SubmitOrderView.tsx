/**
 * submit-order/{courseId}?skuId=…: the order page on the `checkout` statechart. Every amount on it
 * is the server's preview; the page sends ids only.
 */
import { useEffect } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useFlow } from '../../../app/AppContext';
import { COURSE_DETAIL_TEXTS } from '../../../domain/catalog/courseDetail.texts';
import { CHECKOUT_TEXTS } from '../../../domain/commerce/checkout.texts';
import type { PreviewCoupon } from '../../../domain/commerce/contract';
import { formatCents } from '../../../domain/shared/format';
import { checkoutMachine } from '../../../machines/commerce/checkout.machine';
import { pages, parseId, paths } from '../../../paths';
import type { RouteViewProps } from '../../../routeTypes';
import { usePageTitle } from '../../shared/usePageTitle';
import { AddressChooser } from './AddressChooser';
import { CheckoutFailed, CheckoutLoading, CheckoutNotFound } from './CheckoutState';
import './checkout.css';

function couponLabel(coupon: PreviewCoupon): string {
  return coupon.usable
    ? `${coupon.name}（${coupon.summary}）  -${formatCents(coupon.discountCents)}`
    : `${coupon.name}（${coupon.unusableReason ?? '不可用'}）`;
}

export default function SubmitOrderView({ params }: RouteViewProps) {
  usePageTitle('提交订单');
  const courseId = pages.submitOrder.parse(params)?.courseId ?? null;
  const skuId = parseId(new URLSearchParams(useSearch()).get('skuId'));
  if (courseId === null)
    return (
      <CheckoutNotFound title="提交订单" message={COURSE_DETAIL_TEXTS.notFound} back={{ href: paths.proCourses(), label: COURSE_DETAIL_TEXTS.toProCourses }} />
    );
  return <SubmitOrderPage courseId={courseId} skuId={skuId} />;
}

function SubmitOrderPage({ courseId, skuId }: { courseId: number; skuId: number | null }) {
  const [state, send] = useFlow(checkoutMachine, { input: { courseId, skuId } });
  const [, navigate] = useLocation();
  const { context } = state;

  useEffect(() => {
    if (state.matches('created') && context.created) navigate(paths.orderPay(context.created.orderId));
  }, [state, context.created, navigate]);

  if (state.matches({ ordering: 'loading' }) || state.matches('start')) return <CheckoutLoading title="提交订单" text="订单信息加载中…" />;
  if (state.matches({ ordering: 'failed' }))
    return (
      <CheckoutFailed
        title="提交订单"
        error={context.error}
        onRetry={() => send({ type: 'RETRY' })}
        back={{ href: paths.courseDetail(courseId), label: '返回课程' }}
      />
    );

  const { skus, preview } = context;
  if (!skus || !preview) return null;
  const busy = !state.matches({ ordering: 'editing' });
  const main = preview.lines.find((line) => line.kind === 'MAIN');
  const usable = preview.coupons.filter((c) => c.usable);
  const unusable = preview.coupons.filter((c) => !c.usable);

  return (
    <div className="xt-checkout">
      <h1 className="xt-checkout__title">提交订单</h1>

      <section className="xt-checkout__panel" aria-labelledby="xt-co-course">
        <h2 id="xt-co-course" className="xt-checkout__heading">
          课程信息
        </h2>
        {main && (
          <div className="xt-checkout__course">
            <img src={main.cover} alt="" width={160} height={90} className="xt-checkout__cover" />
            <div>
              <Link href={paths.courseDetail(courseId)} className="xt-checkout__course-title">
                {skus.title}
              </Link>
              <p className="xt-checkout__muted">有效期至 {new Date(preview.validUntil).toLocaleDateString('zh-CN')}</p>
            </div>
          </div>
        )}
        <fieldset className="xt-checkout__choices" disabled={busy}>
          <legend>选择班型</legend>
          {skus.skus.map((sku) => (
            <label key={sku.id} className={`xt-checkout__choice${sku.id === context.skuId ? ' xt-checkout__choice--on' : ''}`}>
              <input type="radio" name="sku" checked={sku.id === context.skuId} onChange={() => send({ type: 'CHOOSE_SKU', skuId: sku.id })} />
              <span className="xt-checkout__choice-name">{sku.name}</span>
              <span className="xt-checkout__muted">
                {sku.startsAt ? `${new Date(sku.startsAt).toLocaleDateString('zh-CN')} 开营 · ` : ''}
                {Math.round(sku.validDays)}天有效{sku.shipsMaterial ? ' · 含纸质讲义' : ''}
              </span>
              <span className="xt-price">{formatCents(sku.priceCents)}</span>
            </label>
          ))}
        </fieldset>
        {preview.addOns.length > 0 && (
          <fieldset className="xt-checkout__choices" disabled={busy}>
            <legend>加购课程</legend>
            {preview.addOns.map((addOn) => (
              <label key={addOn.skuId} className={`xt-checkout__choice${addOn.selected ? ' xt-checkout__choice--on' : ''}`}>
                <input type="checkbox" checked={addOn.selected} onChange={() => send({ type: 'TOGGLE_ADD_ON', skuId: addOn.skuId })} />
                <span className="xt-checkout__choice-name">{addOn.title}</span>
                <span className="xt-checkout__muted">
                  {addOn.skuName}
                  {addOn.owned ? ' · 已拥有，购买将延长有效期' : ''}
                </span>
                <span className="xt-price">{formatCents(addOn.priceCents)}</span>
              </label>
            ))}
          </fieldset>
        )}
      </section>

      <section className="xt-checkout__panel" aria-labelledby="xt-co-coupon">
        <h2 id="xt-co-coupon" className="xt-checkout__heading">
          优惠券
        </h2>
        {preview.coupons.length === 0 ? (
          <p className="xt-checkout__muted">
            {CHECKOUT_TEXTS.noUsableCoupon}，<Link href={paths.couponAcquire()}>去领券</Link>
          </p>
        ) : (
          <fieldset className="xt-checkout__choices" disabled={busy}>
            <legend className="xt-sr-only">选择优惠券</legend>
            {usable.map((coupon) => (
              <label key={coupon.id} className={`xt-checkout__choice${coupon.id === preview.couponId ? ' xt-checkout__choice--on' : ''}`}>
                <input
                  type="radio"
                  name="coupon"
                  checked={coupon.id === preview.couponId}
                  onChange={() => send({ type: 'CHOOSE_COUPON', couponId: coupon.id })}
                />
                <span className="xt-checkout__choice-name">{couponLabel(coupon)}</span>
                <span className="xt-checkout__muted">{new Date(coupon.validUntil).toLocaleDateString('zh-CN')} 到期</span>
              </label>
            ))}
            <label className={`xt-checkout__choice${preview.couponId === null ? ' xt-checkout__choice--on' : ''}`}>
              <input type="radio" name="coupon" checked={preview.couponId === null} onChange={() => send({ type: 'CHOOSE_COUPON', couponId: null })} />
              <span className="xt-checkout__choice-name">{CHECKOUT_TEXTS.noCoupon}</span>
            </label>
            {unusable.map((coupon) => (
              <p key={coupon.id} className="xt-checkout__unusable">
                {couponLabel(coupon)}
              </p>
            ))}
          </fieldset>
        )}
      </section>

      {preview.needsAddress && (
        <section className="xt-checkout__panel" aria-labelledby="xt-co-address">
          <h2 id="xt-co-address" className="xt-checkout__heading">
            {CHECKOUT_TEXTS.addressTitle}
          </h2>
          <p className="xt-checkout__muted">{CHECKOUT_TEXTS.addressHint}</p>
          <AddressChooser
            addresses={context.addresses}
            selectedId={context.addressId}
            disabled={busy}
            onChoose={(addressId) => send({ type: 'CHOOSE_ADDRESS', addressId })}
            onAdded={(address) => send({ type: 'ADDRESS_ADDED', address })}
          />
        </section>
      )}

      <section className="xt-checkout__panel" aria-labelledby="xt-co-remark">
        <h2 id="xt-co-remark" className="xt-checkout__heading">
          订单备注
        </h2>
        <label className="xt-sr-only" htmlFor="xt-co-remark-input">
          订单备注（选填）
        </label>
        <textarea
          id="xt-co-remark-input"
          className="xt-checkout__input"
          rows={2}
          maxLength={200}
          placeholder="选填，200字以内"
          value={context.remark}
          onChange={(e) => send({ type: 'EDIT_REMARK', remark: e.target.value })}
        />
      </section>

      <section className="xt-checkout__summary" aria-label="订单金额">
        <dl className="xt-checkout__amounts">
          <div>
            <dt>商品总额</dt>
            <dd>{formatCents(preview.totalCents)}</dd>
          </div>
          <div>
            <dt>优惠</dt>
            <dd>-{formatCents(preview.discountCents)}</dd>
          </div>
          <div className="xt-checkout__pay">
            <dt>应付金额</dt>
            <dd className="xt-price" data-testid="pay-amount">
              {formatCents(preview.payCents)}
            </dd>
          </div>
        </dl>
        {context.error && (
          <p className="xt-checkout__error" role="alert">
            {context.error}
          </p>
        )}
        <p className="xt-checkout__muted">{CHECKOUT_TEXTS.payWithin}</p>
        <button type="button" className="xt-btn xt-btn--primary xt-checkout__submit" data-keep-clear disabled={busy} onClick={() => send({ type: 'SUBMIT' })}>
          {state.matches({ ordering: 'submitting' }) ? CHECKOUT_TEXTS.submitting : CHECKOUT_TEXTS.submit}
        </button>
      </section>
    </div>
  );
}
