import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import { useFlow, useHasLiveSession } from '../../../app/AppContext';
import { chinaDate } from '../../../domain/catalog/camp';
import type { CourseType } from '../../../domain/catalog/contract';
import { acquireKind } from '../../../domain/catalog/courseOffer';
import { COURSE_DETAIL_TEXTS as T } from '../../../domain/catalog/courseDetail.texts';
import { coursePurchaseMachine, type PurchaseOrderEvent } from '../../../machines/catalog/coursePurchase.machine';
import { paths } from '../../../paths';
import { useEmitted } from '../../shared/useEmitted';

/** The label of the disabled button while the flow works. */
const BUSY_LABELS = { checking: T.checking, needLogin: T.waitingLogin, confirming: T.checking, ordering: T.checking, activating: T.activating } as const;

/**
 * 开始学习 / 免费领取 / 立即购买 by ownership and type (the flow: coursePurchase.machine.ts). `skuId`:
 * the SKU to buy (null: none chosen or none open, so nothing can be bought).
 */
export function CourseActionButton({
  courseId,
  courseType,
  skuId,
  noSkuNote = T.chooseSku,
}: {
  courseId: number;
  courseType: CourseType;
  skuId: number | null;
  /** Why nothing can be bought without a SKU (none chosen, or a camp with no open cohort). */
  noSkuNote?: string;
}) {
  const [state, send, actor] = useFlow(coursePurchaseMachine, { input: { courseId } });
  const loggedIn = useHasLiveSession();
  const [, navigate] = useLocation();
  useEmitted<PurchaseOrderEvent>(actor, 'purchase.order', (event) => navigate(paths.submitOrder(event.courseId, { skuId: event.skuId })));

  // A login or logout elsewhere on the page (the header) changes what this account owns.
  const seenLogin = useRef(loggedIn);
  useEffect(() => {
    if (seenLogin.current === loggedIn) return;
    seenLogin.current = loggedIn;
    send({ type: 'SESSION_CHANGED' });
  }, [loggedIn, send]);

  if (state.matches('owned')) {
    const until = state.context.ownership?.validUntil;
    return (
      <div className="xt-course-action">
        <Link href={paths.coursePlayer(courseId)} className="xt-btn xt-btn--primary xt-course-action__button">
          {T.startStudy}
        </Link>
        <span className="xt-course-action__note">{until ? `${T.owned}，${T.ownedUntil(chinaDate(until))}` : T.owned}</span>
      </div>
    );
  }
  if (state.matches('notOwned')) {
    const kind = acquireKind(courseType);
    const canBuy = kind === 'ACTIVATE' || skuId !== null;
    return (
      <div className="xt-course-action">
        <button
          type="button"
          className="xt-btn xt-btn--primary xt-course-action__button"
          disabled={!canBuy}
          onClick={() => send(kind === 'ACTIVATE' ? { type: 'ACTIVATE', loggedIn } : { type: 'BUY', skuId: skuId ?? 0, loggedIn })}
        >
          {kind === 'ACTIVATE' ? T.claimFree : T.buyNow}
        </button>
        {!canBuy && <span className="xt-course-action__note">{noSkuNote}</span>}
        {state.context.error && (
          <span className="xt-course-action__error" role="alert">
            {state.context.error}
          </span>
        )}
      </div>
    );
  }
  const busy = (Object.keys(BUSY_LABELS) as (keyof typeof BUSY_LABELS)[]).find((key) => state.matches(key)) ?? 'checking';
  return (
    <div className="xt-course-action">
      <button type="button" className="xt-btn xt-btn--primary xt-course-action__button" disabled aria-busy="true">
        {BUSY_LABELS[busy]}
      </button>
    </div>
  );
}
