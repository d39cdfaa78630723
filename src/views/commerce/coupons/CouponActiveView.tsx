import { Link } from 'wouter';
import { useFlow } from '../../../app/AppContext';
import type { CouponActivity } from '../../../domain/commerce/contract';
import { ACTIVITY_STATE_NAMES, COUPON_TEXTS } from '../../../domain/commerce/coupons.texts';
import { formatCents, formatDateTime } from '../../../domain/shared/format';
import type { CouponClaimContext } from '../../../machines/commerce/couponClaim';
import { couponActivityMachine } from '../../../machines/commerce/couponActivity.machine';
import { paths } from '../../../paths';
import type { RouteViewProps } from '../../../routeTypes';
import { EmptyState, ErrorState, LoadingState } from '../../shared/LoadState';
import { usePageTitle } from '../../shared/usePageTitle';
import { ClaimableCouponList, useClaim } from './couponParts';
import './coupons.css';

const at = (ms: number) => formatDateTime(new Date(ms));

/** /coupon-active: 课程活动, the activity running now (else the latest): its window, coupons to claim and courses. */
export default function CouponActiveView({ route }: RouteViewProps) {
  usePageTitle(route.title);
  const [snapshot, send] = useFlow(couponActivityMachine);
  const claim = useClaim(send);
  const { data } = snapshot.context;
  if (snapshot.matches('none'))
    return (
      <div className="xt-coupons xt-coupons--page">
        <h1 className="xt-coupons__title">{COUPON_TEXTS.activityTitle}</h1>
        <EmptyState
          message={COUPON_TEXTS.activityNone}
          action={
            <Link href={paths.proCourses()} className="xt-btn xt-btn--primary">
              {COUPON_TEXTS.browseCourses}
            </Link>
          }
        />
      </div>
    );
  if (snapshot.matches('failed'))
    return (
      <div className="xt-coupons xt-coupons--page">
        <h1 className="xt-coupons__title">{COUPON_TEXTS.activityTitle}</h1>
        <ErrorState message={snapshot.context.error ?? ''} onRetry={() => send({ type: 'RETRY' })} />
      </div>
    );
  if (!snapshot.matches('loaded') || !data) return <LoadingState fill />;
  return <Activity activity={data} context={snapshot.context} onClaim={claim} />;
}

function Activity({ activity, context, onClaim }: { activity: CouponActivity; context: CouponClaimContext<CouponActivity>; onClaim: (id: number) => void }) {
  return (
    <div className="xt-coupons xt-coupons--page">
      <header className="xt-activity__banner">
        <span className={`xt-activity__state xt-activity__state--${activity.state.toLowerCase()}`} data-testid="activity-state">
          {ACTIVITY_STATE_NAMES[activity.state]}
        </span>
        <h1 className="xt-activity__title">{activity.title}</h1>
        <p className="xt-activity__subtitle">{activity.subtitle}</p>
        <p className="xt-activity__window">{COUPON_TEXTS.activityWindow(at(activity.startsAt), at(activity.endsAt))}</p>
      </header>

      {activity.coupons.length > 0 && (
        <section aria-labelledby="activity-coupons">
          <h2 className="xt-coupons__section-title" id="activity-coupons">
            {COUPON_TEXTS.activityCoupons}
          </h2>
          {activity.state !== 'ONGOING' && (
            <p className="xt-coupons__lead">{activity.state === 'ENDED' ? COUPON_TEXTS.activityEnded : COUPON_TEXTS.activityUpcoming}</p>
          )}
          <ClaimableCouponList coupons={activity.coupons} context={context} claimingAllowed={activity.state === 'ONGOING'} heading="h3" onClaim={onClaim} />
        </section>
      )}

      {activity.courses.length > 0 && (
        <section aria-labelledby="activity-courses">
          <h2 className="xt-coupons__section-title" id="activity-courses">
            {COUPON_TEXTS.activityCourses}
          </h2>
          <ul className="xt-activity__courses">
            {activity.courses.map((course) => (
              <li key={course.courseId}>
                <Link href={paths.courseDetail(course.courseId)} className="xt-activity__course">
                  <img src={course.cover} alt="" width={320} height={180} loading="lazy" className="xt-activity__cover" />
                  {course.tag && <span className="xt-activity__tag">{course.tag}</span>}
                  <span className="xt-activity__course-title">{course.title}</span>
                  <span className="xt-activity__price">
                    <strong>{formatCents(course.priceCents)}</strong>
                    {course.originalPriceCents !== null && course.originalPriceCents > course.priceCents && <s>{formatCents(course.originalPriceCents)}</s>}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}

      {activity.rules.length > 0 && (
        <section aria-labelledby="activity-rules">
          <h2 className="xt-coupons__section-title" id="activity-rules">
            {COUPON_TEXTS.activityRules}
          </h2>
          <ol className="xt-activity__rules">
            {activity.rules.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}
