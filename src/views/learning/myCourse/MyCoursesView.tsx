/** /uc/my-course/{sys|free|add}: the student's courses of a tab with their progress, validity and 继续学习. */
import { Link, useSearch } from 'wouter';
import { useFlow } from '../../../app/AppContext';
import { MY_COURSE_TABS, type MyCourseItem, type MyCourseList, type MyCourseTab } from '../../../domain/learning/contract';
import { MY_COURSE_TABS_LABELS, MY_COURSE_TEXTS as T } from '../../../domain/learning/myCourse.texts';
import { formatDate } from '../../../domain/shared/format';
import { myCourseListMachine } from '../../../machines/learning/myCourseList.machine';
import { parseId, paths } from '../../../paths';
import type { RouteViewProps } from '../../../routeTypes';
import { EmptyState } from '../../shared/LoadState';
import { PageDataBody } from '../../shared/PageDataBody';
import { usePageTitle } from '../../shared/usePageTitle';
import UserCentreLayout from '../../shared/uc/UserCentreLayout';
import { ProgressBar } from './ProgressBar';
import './myCourse.css';

const tabOf = (path: string): MyCourseTab => MY_COURSE_TABS.find((tab) => path.endsWith(`/${tab}`)) ?? 'sys';

function CourseCard({ course }: { course: MyCourseItem }) {
  const last = course.lastRecord;
  return (
    <li className={`xt-mycourse__card${course.expired ? ' xt-mycourse__card--expired' : ''}`} data-testid="my-course">
      <img className="xt-mycourse__cover" src={course.cover} alt="" width={192} height={108} loading="lazy" />
      <div className="xt-mycourse__body">
        <h2 className="xt-mycourse__title">
          <span className="xt-mycourse__type">{T.typeLabels[course.courseType] ?? course.courseType}</span>
          {course.title}
        </h2>
        <p className="xt-mycourse__meta">
          {course.expired ? <span className="xt-mycourse__expired">{T.expired}</span> : T.validUntil(formatDate(new Date(course.validUntil)))}
          <span>{T.lessons(course.lessonCount)}</span>
        </p>
        <ProgressBar percent={course.studyPercentage} label={T.progress(course.studyPercentage)} />
        <p className="xt-mycourse__meta">{last ? T.lastLearned(last.coursewareName) : T.notStarted}</p>
        {course.packCourses.length > 0 && (
          <div className="xt-mycourse__pack">
            <h3 className="xt-mycourse__subtitle">{T.packCourses}</h3>
            <ul>
              {course.packCourses.map((c) => (
                <li key={c.courseId}>
                  <Link href={paths.myCourseDetail(c.courseType, c.courseId)}>{c.title}</Link>
                  <span className="xt-mycourse__percent">{T.progress(c.studyPercentage)}</span>
                </li>
              ))}
            </ul>
          </div>
        )}
        {course.camp && (
          <p className="xt-mycourse__meta">
            {T.camp(course.camp.cohortName)} · {course.camp.stages.map((s) => s.name).join(' → ')}
          </p>
        )}
      </div>
      {!course.expired && (
        <div className="xt-mycourse__actions">
          {course.courseType !== 'PACK' && (
            <Link href={paths.coursePlayer(course.courseId, last?.coursewareId ?? null)} className="xt-btn xt-btn--primary">
              {last ? T.continue : T.start}
            </Link>
          )}
          <Link href={paths.myCourseDetail(course.courseType, course.courseId)} className="xt-btn">
            {T.detail}
          </Link>
        </div>
      )}
    </li>
  );
}

function CourseList({ tab, page }: { tab: MyCourseTab; page: number }) {
  const [state, send] = useFlow(myCourseListMachine, { input: { tab, page } });
  const empty = (
    <EmptyState
      message={T.empty[tab]}
      action={
        <Link href={tab === 'free' ? paths.freeCourses() : paths.proCourses()} className="xt-btn xt-btn--primary">
          {tab === 'free' ? T.browseFree : T.browse}
        </Link>
      }
    />
  );
  return (
    <PageDataBody page={state} onRetry={() => send({ type: 'RETRY' })} empty={empty}>
      {(list) => <CoursePage list={list} tab={tab} page={page} />}
    </PageDataBody>
  );
}

function CoursePage({ list, tab, page }: { list: MyCourseList; tab: MyCourseTab; page: number }) {
  const pages = Math.max(1, Math.ceil(list.total / Math.max(1, list.size)));
  return (
    <>
      <ul className="xt-mycourse__list">
        {list.records.map((course) => (
          <CourseCard key={course.courseId} course={course} />
        ))}
      </ul>
      {pages > 1 && (
        <nav className="xt-mycourse__pager" aria-label={T.pager}>
          {page > 1 && (
            <Link href={paths.myCourseTab(tab, page - 1)} className="xt-btn">
              {T.prevPage}
            </Link>
          )}
          <span>{T.pageOf(page, pages)}</span>
          {page < pages && (
            <Link href={paths.myCourseTab(tab, page + 1)} className="xt-btn">
              {T.nextPage}
            </Link>
          )}
        </nav>
      )}
    </>
  );
}

export default function MyCoursesView({ route }: RouteViewProps) {
  usePageTitle(route.title);
  const tab = tabOf(route.path);
  const page = parseId(new URLSearchParams(useSearch()).get('page')) ?? 1;
  return (
    <UserCentreLayout title={T.title}>
      <div className="xt-mycourse">
        <nav aria-label={T.tabs}>
          <ul className="xt-mycourse__tabs">
            {MY_COURSE_TABS.map((t) => (
              <li key={t}>
                <Link href={paths.myCourseTab(t)} className="xt-mycourse__tab" aria-current={t === tab ? 'page' : undefined}>
                  {MY_COURSE_TABS_LABELS[t]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <CourseList key={`${tab}:${page}`} tab={tab} page={page} />
      </div>
    </UserCentreLayout>
  );
}
