/** The order and pay pages while their data loads, when it could not be loaded, and when their link names nothing. */
import { Link } from 'wouter';
import { CHECKOUT_TEXTS } from '../../../domain/commerce/checkout.texts';

export function CheckoutLoading({ title, text }: { title: string; text: string }) {
  return (
    <div className="xt-checkout" aria-busy="true">
      <h1 className="xt-checkout__title">{title}</h1>
      <div className="xt-checkout__skeleton" role="status">
        {text}
      </div>
    </div>
  );
}

export function CheckoutFailed(props: { title: string; error: string | null; onRetry: () => void; back: { href: string; label: string } }) {
  const { title, error, onRetry, back } = props;
  return (
    <div className="xt-checkout">
      <h1 className="xt-checkout__title">{title}</h1>
      <div className="xt-checkout__panel">
        <p role="alert">{error ?? CHECKOUT_TEXTS.loadFailed}</p>
        <div className="xt-checkout__actions">
          <button type="button" className="xt-btn xt-btn--primary" onClick={onRetry}>
            重试
          </button>
          <Link href={back.href} className="xt-btn">
            {back.label}
          </Link>
        </div>
      </div>
    </div>
  );
}

/** A link whose id is no id: nothing to load or retry, only the way on. */
export function CheckoutNotFound({ title, message, back }: { title: string; message: string; back: { href: string; label: string } }) {
  return (
    <div className="xt-checkout">
      <h1 className="xt-checkout__title">{title}</h1>
      <div className="xt-checkout__panel">
        <p role="alert">{message}</p>
        <div className="xt-checkout__actions">
          <Link href={back.href} className="xt-btn xt-btn--primary">
            {back.label}
          </Link>
        </div>
      </div>
    </div>
  );
}
