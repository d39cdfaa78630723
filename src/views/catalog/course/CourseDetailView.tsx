import { Link } from 'wouter';
import { useFlow } from '../../../app/AppContext';
import { CAMP_STAGE_STATE_LABELS, campStageState, chinaDate, chinaToday } from '../../../domain/catalog/camp';
import { COURSE_TYPE_LABELS, type CourseDetails, type CourseSummary, type CourseType } from '../../../domain/catalog/contract';
import { COURSE_DETAIL_TEXTS as T } from '../../../domain/catalog/courseDetail.texts';
import type { SalesQrcode } from '../../../domain/catalog/resources';
import type { CourseSku } from '../../../domain/commerce/contract';
import { BREADCRUMB_TEXTS } from '../../../domain/shared/components.texts';
import { formatCents } from '../../../domain/shared/format';
import { courseDetailMachine, type CourseDetailData, type CourseDetailEvent, type CourseDetailSnapshot } from '../../../machines/catalog/courseDetail.machine';
import { pages, paths } from '../../../paths';
import type { RouteViewProps } from '../../../routeTypes';
import { Breadcrumb } from '../../shared/Breadcrumb';
import { ErrorState, LoadingState } from '../../shared/LoadState';
import { usePageTitle } from '../../shared/usePageTitle';
import { CatalogueTreeView } from './CatalogueTreeView';
import { CourseActionButton } from './CourseActionButton';
import { CourseNotFound, CourseNotFoundPage } from './CourseNotFound';
import { withSubject } from '../../shared/usePageTitle';
import './course.css';

function Price({ cents }: { cents: number }) {
  return cents > 0 ? (
    <span className="xt-course__amount">{formatCents(cents)}</span>
  ) : (
    <span className="xt-course__amount xt-course__amount--free">{T.free}</span>
  );
}

function SkuChoice({
  skus,
  openSkuIds,
  selected,
  onSelect,
}: {
  skus: readonly CourseSku[];
  openSkuIds: readonly number[];
  selected: number | null;
  onSelect: (skuId: number) => void;
}) {
  return (
    <fieldset className="xt-course__skus">
      <legend className="xt-course__label">{T.skuHeading}</legend>
      {skus.map((sku) => {
        const open = openSkuIds.includes(sku.id);
        return (
          <label key={sku.id} className={open ? 'xt-course__sku' : 'xt-course__sku xt-course__sku--closed'}>
            <input type="radio" name="sku" value={sku.id} checked={selected === sku.id} disabled={!open} onChange={() => onSelect(sku.id)} />
            <span className="xt-course__sku-text">
              <span className="xt-course__sku-name">{sku.name}</span>
              <span className="xt-course__sku-meta">
                {sku.startsAt !== null && <span>{T.cohortStarts(chinaDate(sku.startsAt))}</span>}
                {sku.startsAt !== null && <span>{open ? T.cohortOpen : T.cohortClosed}</span>}
                <span>{T.validDays(sku.validDays)}</span>
                <span>{sku.shipsMaterial ? T.withMaterial : T.withoutMaterial}</span>
              </span>
            </span>
            <span className="xt-course__sku-price">{formatCents(sku.priceCents)}</span>
          </label>
        );
      })}
    </fieldset>
  );
}

function CourseList({ heading, courses }: { heading: string; courses: readonly CourseSummary[] }) {
  return (
    <section className="xt-course__section" aria-label={heading}>
      <h2 className="xt-course__heading">{heading}</h2>
      <ul className="xt-course__related">
        {courses.map((course) => (
          <li key={course.id}>
            <Link href={paths.courseDetail(course.id)} className="xt-course__related-item">
              <span className="xt-course__badge">{COURSE_TYPE_LABELS[course.type]}</span>
              <span className="xt-course__related-title">{course.title}</span>
              <span className="xt-course__meta">
                {T.lessons(course.lessonCount)}
                {!course.onSale && ` · ${T.packOffSale}`}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function CampSchedule({ details }: { details: CourseDetails }) {
  const camp = details.camp;
  if (!camp || camp.stages.length === 0) return null;
  const today = chinaToday();
  return (
    <section className="xt-course__section" aria-label={T.campHeading}>
      <h2 className="xt-course__heading">{T.campHeading}</h2>
      <p className="xt-course__meta">{camp.startDate ? T.cohortStarts(camp.startDate) : T.noOpenCohort}</p>
      <ol className="xt-course__stages">
        {camp.stages.map((stage) => (
          <li key={stage.id} className="xt-course__stage">
            <strong>{stage.name}</strong>
            <span className="xt-course__meta">
              {T.campStage(stage.startDate, stage.endDate)} · {CAMP_STAGE_STATE_LABELS[campStageState(stage, today)]}
            </span>
            <span>{stage.intro}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Advisor({ advisor }: { advisor: SalesQrcode }) {
  return (
    <aside className="xt-course__advisor" aria-label={T.adviceHeading}>
      <h2 className="xt-course__heading">{T.adviceHeading}</h2>
      <img src={advisor.qrcodeUrl} alt={T.adviceQrAlt(advisor.name)} width={160} height={160} className="xt-course__qr" loading="lazy" />
      <strong>{T.adviceScan}</strong>
      <span className="xt-course__meta">
        {advisor.name} · {advisor.tip}
      </span>
    </aside>
  );
}

function CourseBody({ data, selectedSkuId, onSelectSku }: { data: CourseDetailData; selectedSkuId: number | null; onSelectSku: (skuId: number) => void }) {
  const { details, skus, firstAudition, advisor } = data;
  const chosen = skus.find((sku) => sku.id === selectedSkuId);
  return (
    <article className="xt-course">
      <header className="xt-course__hero">
        <img className="xt-course__cover" src={details.cover} alt="" width={480} height={270} fetchPriority="high" />
        <div className="xt-course__summary">
          <span className="xt-course__badge">{COURSE_TYPE_LABELS[details.type]}</span>
          <h1 className="xt-course__title">{details.title}</h1>
          {details.subtitle && <p className="xt-course__subtitle">{details.subtitle}</p>}
          <p className="xt-course__meta">
            {T.sales(details.salesCount)} · {T.lessons(details.lessonCount)} · {details.project.name}
            {details.subject ? ` · ${details.subject.name}` : ''}
          </p>
          {details.noSkipAhead && <p className="xt-course__rule">{T.noSkipAhead}</p>}
          <p className="xt-course__price">
            <Price cents={chosen?.priceCents ?? details.priceCents} />
            {details.originalPriceCents !== null && details.originalPriceCents > details.priceCents && (
              <span className="xt-course__amount xt-course__amount--original">{formatCents(details.originalPriceCents)}</span>
            )}
          </p>
          {skus.length > 0 && <SkuChoice skus={skus} openSkuIds={data.openSkuIds} selected={selectedSkuId} onSelect={onSelectSku} />}
          <CourseActionButton
            courseId={details.id}
            courseType={details.type}
            skuId={selectedSkuId}
            noSkuNote={data.openSkuIds.length === 0 ? T.noOpenCohort : T.chooseSku}
          />
          {firstAudition && (
            <Link href={paths.coursePreview(details.id)} className="xt-course__preview-link">
              {T.firstAudition(firstAudition.coursewareName)}
            </Link>
          )}
        </div>
      </header>
      <div className="xt-course__columns">
        <div className="xt-course__main">
          {details.packCourses.length > 0 && <CourseList heading={T.packHeading} courses={details.packCourses} />}
          {details.extendsCourses.length > 0 && <CourseList heading={T.extendsHeading} courses={details.extendsCourses} />}
          <CampSchedule details={details} />
          <section className="xt-course__section" aria-label={T.introHeading}>
            <h2 className="xt-course__heading">{T.introHeading}</h2>
            <p className="xt-course__intro">{details.intro}</p>
          </section>
          <section className="xt-course__section" aria-label={T.catalogueHeading}>
            <h2 className="xt-course__heading">{T.catalogueHeading}</h2>
            {details.type === 'PACK' ? <p className="xt-course__meta">{T.packCatalogue}</p> : <CatalogueTreeView courseId={details.id} />}
          </section>
          {details.addOns.length > 0 && <CourseList heading={T.addOnsHeading} courses={details.addOns} />}
        </div>
        <div className="xt-course__side">
          {details.teachers.length > 0 && (
            <section className="xt-course__section" aria-label={T.teachersHeading}>
              <h2 className="xt-course__heading">{T.teachersHeading}</h2>
              <ul className="xt-course__teachers">
                {details.teachers.map((teacher) => (
                  <li key={teacher.id} className="xt-course__teacher">
                    <img src={teacher.avatar} alt="" width={56} height={56} loading="lazy" className="xt-course__avatar" />
                    <span className="xt-course__teacher-text">
                      <strong>{teacher.name}</strong>
                      <span className="xt-course__meta">{teacher.title}</span>
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {advisor && <Advisor advisor={advisor} />}
        </div>
      </div>
    </article>
  );
}

/**
 * 首页 › 课程 › the course: on screen from the first frame (the route's title until the course's name
 * arrives), one line of a fixed height, so the name arriving moves nothing.
 */
function CourseBreadcrumb({ title, type, routeTitle }: { title: string | undefined; type: CourseType | undefined; routeTitle: string }) {
  // The same label whatever the type (known only once loaded): only where it leads changes.
  const list = { label: T.crumbCourses, href: type === 'FREE' ? paths.freeCourses() : paths.proCourses() };
  return <Breadcrumb className="xt-course__crumbs" items={[{ label: BREADCRUMB_TEXTS.home, href: paths.home() }, list, { label: title ?? routeTitle }]} />;
}

function CourseDetailContent({ state, send }: { state: CourseDetailSnapshot; send: (event: CourseDetailEvent) => void }) {
  if (state.matches('notFound')) return <CourseNotFound />;
  if (state.matches('failed')) return <ErrorState message={state.context.error ?? ''} onRetry={() => send({ type: 'RETRY' })} />;
  if (state.matches('loaded') && state.context.data)
    return <CourseBody data={state.context.data} selectedSkuId={state.context.selectedSkuId} onSelectSku={(skuId) => send({ type: 'SELECT_SKU', skuId })} />;
  return <LoadingState fill />;
}

function CourseDetailPage({ courseId, routeTitle }: { courseId: number; routeTitle: string }) {
  const [state, send] = useFlow(courseDetailMachine, { input: { courseId } });
  const details = state.context.data?.details;
  usePageTitle(withSubject(routeTitle, state.matches('notFound') ? T.notFound : details?.title));
  return (
    <>
      <CourseBreadcrumb title={state.matches('notFound') ? T.notFound : details?.title} type={details?.type} routeTitle={routeTitle} />
      <CourseDetailContent state={state} send={send} />
    </>
  );
}

/** /course/detail/{courseId}: the course, its SKUs, catalogue, teachers, advisor and the buy / activate / study button. */
export default function CourseDetailView({ params, route }: RouteViewProps) {
  const courseId = pages.courseDetail.parse(params)?.courseId ?? null;
  // Keyed by the course: another course's link starts a fresh page, flows and all.
  return courseId === null ? <CourseNotFoundPage routeTitle={route.title} /> : <CourseDetailPage key={courseId} courseId={courseId} routeTitle={route.title} />;
}
