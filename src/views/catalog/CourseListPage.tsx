import { useEffect, useMemo, useRef } from 'react';
import { Link, useSearch } from 'wouter';
import { useFlow } from '../../app/AppContext';
import { COURSE_SORT_LABELS, COURSE_TYPE_LABELS, type ClassNode, type CourseListItem, type CourseSort, type CourseType } from '../../domain/catalog/contract';
import { COURSE_LIST_TEXTS as TEXTS } from '../../domain/catalog/courseList.texts';
import {
  changeCourseListParams,
  COURSE_LIST_PAGE_SIZE,
  courseFilterOptions,
  courseListHref,
  courseSortsOf,
  DEFAULT_COURSE_LIST_PARAMS,
  hasCourseFilters,
  PRO_COURSE_TYPES,
  readCourseListParams,
  resolveCourseListParams,
  type CourseListKind,
  type CourseListParams,
} from '../../domain/catalog/courseListQuery';
import { totalPages } from '../../domain/catalog/listQuery';
import type { Page } from '../../domain/shared/envelope';
import { courseListMachine } from '../../machines/catalog/courseList.machine';
import { CourseCard } from '../shared/CourseCard';
import { EmptyState, ErrorState } from '../shared/LoadState';
import { usePageTitle } from '../shared/usePageTitle';
import { FilterRow, FilterRowSkeleton, type RowOption } from './FilterRow';
import { Pager } from './Pager';
import './catalog.css';

/** Cards of the first row on a wide screen: their covers load at once. */
const FIRST_ROW_CARDS = 4;

function CourseFilters({ kind, choice, tree }: { kind: CourseListKind; choice: CourseListParams; tree: readonly ClassNode[] }) {
  const options = courseFilterOptions(tree, choice, TEXTS.all);
  const hrefWith = (change: Partial<CourseListParams>) => courseListHref(kind, changeCourseListParams(choice, change));
  const types: RowOption<CourseType | null>[] = [
    { label: TEXTS.all, value: null },
    ...PRO_COURSE_TYPES.map((type) => ({ label: COURSE_TYPE_LABELS[type], value: type })),
  ];
  const sorts: RowOption<CourseSort>[] = courseSortsOf(kind).map((sort) => ({ label: COURSE_SORT_LABELS[sort], value: sort }));
  return (
    <section className="xt-filters" aria-label={TEXTS.filters}>
      <FilterRow
        id="course-filter-category"
        label={TEXTS.category}
        options={options.categories}
        selected={choice.categoryId}
        hrefOf={(categoryId) => hrefWith({ categoryId })}
      />
      <FilterRow
        id="course-filter-project"
        label={TEXTS.project}
        options={options.projects}
        selected={choice.projectId}
        hrefOf={(projectId) => hrefWith({ projectId })}
      />
      {options.subjects.length > 0 && (
        <FilterRow
          id="course-filter-subject"
          label={TEXTS.subject}
          options={options.subjects}
          selected={choice.subjectId}
          hrefOf={(subjectId) => hrefWith({ subjectId })}
        />
      )}
      {kind === 'PRO' && <FilterRow id="course-filter-type" label={TEXTS.type} options={types} selected={choice.type} hrefOf={(type) => hrefWith({ type })} />}
      <FilterRow id="course-filter-sort" label={TEXTS.sort} options={sorts} selected={choice.sort} hrefOf={(sort) => hrefWith({ sort })} />
    </section>
  );
}

/** The filter rows' place before the class tree comes: as many rows as will show (a subject row when a project is in the URL). */
function FiltersSkeleton({ kind, params }: { kind: CourseListKind; params: CourseListParams }) {
  const rows = 3 + (params.projectId !== null ? 1 : 0) + (kind === 'PRO' ? 1 : 0);
  return (
    <div className="xt-filters" aria-hidden>
      {Array.from({ length: rows }, (_, i) => (
        <FilterRowSkeleton key={i} />
      ))}
    </div>
  );
}

/** A full page of card shapes: the loaded page is no taller, so the footer never jumps into view and away. */
function CourseGridSkeleton() {
  return (
    <div role="status" aria-label={TEXTS.loading} data-testid="course-list-skeleton">
      <ul className="xt-grid xt-course-list__grid" aria-hidden>
        {Array.from({ length: COURSE_LIST_PAGE_SIZE }, (_, i) => (
          <li key={i} className="xt-course-card xt-course-card--skeleton">
            <div className="xt-course-card__cover" />
            <div className="xt-course-card__body">
              <div className="xt-course-card__title" />
              <div className="xt-course-card__meta xt-skeleton-line xt-skeleton-line--short" />
              <div className="xt-course-card__foot xt-skeleton-line" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Nothing to show: a page past the end, filters that match nothing, or no course at all. */
function NoCourses({ kind, shown, page }: { kind: CourseListKind; shown: CourseListParams; page: Page<CourseListItem> | null }) {
  if (shown.page > 1 && page && page.total > 0) {
    return (
      <EmptyState
        message={TEXTS.pageEmpty}
        action={
          <Link href={courseListHref(kind, { ...shown, page: 1 })} className="xt-btn xt-btn--primary">
            {TEXTS.firstPage}
          </Link>
        }
      />
    );
  }
  if (hasCourseFilters(shown)) {
    return (
      <EmptyState
        message={TEXTS.emptyFiltered}
        action={
          <Link href={courseListHref(kind, { ...DEFAULT_COURSE_LIST_PARAMS, sort: shown.sort })} className="xt-btn xt-btn--primary">
            {TEXTS.resetFilters}
          </Link>
        }
      />
    );
  }
  return <EmptyState message={TEXTS.empty} />;
}

/** /course/pro-course and /course/free-course: filters, sort and page in the URL; one page of course cards. */
export function CourseListPage({ kind }: { kind: CourseListKind }) {
  usePageTitle(TEXTS.title[kind]);
  const search = useSearch();
  const params = useMemo(() => readCourseListParams(search, kind), [search, kind]);
  const [state, send] = useFlow(courseListMachine, { input: { kind, params } });
  useEffect(() => send({ type: 'PARAMS_CHANGED', params }), [params, send]);
  // A followed page link leaves the pager while the page loads: focus (and the view) go to the top of the list.
  const top = useRef<HTMLDivElement>(null);
  const { tree, page, error } = state.context;
  // The filters show a followed link at once, while its courses load.
  const choice = tree ? resolveCourseListParams(params, tree) : params;
  const loaded = state.matches('loaded') && page !== null;

  return (
    <div className="xt-course-list">
      <header className="xt-course-list__head">
        <h1 className="xt-course-list__title">{TEXTS.title[kind]}</h1>
        <p className="xt-course-list__lead">{TEXTS.lead[kind]}</p>
      </header>
      {tree ? <CourseFilters kind={kind} choice={choice} tree={tree} /> : !state.matches('failed') && <FiltersSkeleton kind={kind} params={params} />}
      <div ref={top} className="xt-course-list__summary" aria-live="polite" tabIndex={-1}>
        {loaded ? TEXTS.total(page.total) : ''}
      </div>
      {state.matches('loading') && <CourseGridSkeleton />}
      {state.matches('failed') && <ErrorState message={error ?? ''} onRetry={() => send({ type: 'RETRY' })} />}
      {state.matches('empty') && <NoCourses kind={kind} shown={state.context.shown ?? choice} page={page} />}
      {loaded && (
        <>
          <ul className="xt-grid xt-course-list__grid">
            {page.records.map((course, i) => (
              <li key={course.id}>
                <CourseCard course={course} eager={i < FIRST_ROW_CARDS} priority={i === 0} />
              </li>
            ))}
          </ul>
          <Pager
            current={choice.page}
            pages={totalPages(page.total, COURSE_LIST_PAGE_SIZE)}
            hrefOf={(n) => courseListHref(kind, { ...choice, page: n })}
            onFollow={() => top.current?.focus()}
          />
        </>
      )}
    </div>
  );
}
