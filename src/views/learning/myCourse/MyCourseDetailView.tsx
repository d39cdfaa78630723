/**
 * /uc/my-course/{courseType}/detail/{courseId}: the student's course — progress, validity, where
 * they stopped — and its catalogue with each courseware's progress bar; a camp's stages; papers with
 * their status, opening the question bank.
 */
import { Link } from 'wouter';
import { useFlow } from '../../../app/AppContext';
import type { CoursewareProgress } from '../../../domain/learning/contract';
import { MY_COURSE_TEXTS as T } from '../../../domain/learning/myCourse.texts';
import type { PaperStatus } from '../../../domain/questionBank/contract';
import { formatDate, formatDuration } from '../../../domain/shared/format';
import { myCourseDetailMachine } from '../../../machines/learning/myCourseDetail.machine';
import { pages, paths } from '../../../paths';
import type { RouteViewProps } from '../../../routeTypes';
import { EmptyState, ErrorState, LoadingState } from '../../shared/LoadState';
import { usePageTitle, withSubject } from '../../shared/usePageTitle';
import UserCentreLayout from '../../shared/uc/UserCentreLayout';
import { ProgressBar } from './ProgressBar';
import './myCourse.css';

const TYPE_LABELS: Record<string, string> = { VIDEO: '视频', AUDIO: '音频', EBOOK: '讲义', PAPER: '试卷', LIVE: '直播' };

function paperLink(paperId: number, status: PaperStatus | undefined): string {
  if (!status || status.status === 'NONE' || status.id === null) return paths.paperDetail(paperId);
  if (status.status === 'DOING') return paths.answer(paperId, { recordId: status.id, practice: status.examMode === 'PRACTICE' });
  if (status.status === 'MARKING') return paths.paperMark(status.id);
  return paths.transcript(status.id, paperId);
}

function WareRow({ courseId, ware, papers }: { courseId: number; ware: CoursewareProgress; papers: Record<number, PaperStatus> }) {
  if (ware.type === 'PAPER' && ware.paperId) {
    const status = papers[ware.paperId];
    const key = status?.status ?? 'NONE';
    return (
      <li className="xt-mycourse__ware" data-testid="courseware">
        <span className="xt-mycourse__ware-type">{TYPE_LABELS.PAPER}</span>
        <span className="xt-mycourse__ware-name">{ware.coursewareName}</span>
        <span className="xt-mycourse__paper-status">{T.paperStatus[key]}</span>
        <Link href={paperLink(ware.paperId, status)} className="xt-btn">
          {T.paperAction[key]}
        </Link>
      </li>
    );
  }
  const percent = ware.studyPercentageInfo.studyPercentage;
  return (
    <li className="xt-mycourse__ware" data-testid="courseware">
      <span className="xt-mycourse__ware-type">{TYPE_LABELS[ware.type] ?? ware.type}</span>
      <Link href={paths.coursePlayer(courseId, ware.coursewareId)} className="xt-mycourse__ware-name">
        {ware.coursewareName}
      </Link>
      {ware.duration > 0 ? <span className="xt-mycourse__meta">{formatDuration(ware.duration)}</span> : <span />}
      {ware.duration > 0 ? <ProgressBar percent={percent} label={T.progress(percent)} /> : <span />}
    </li>
  );
}

function groups(wares: readonly CoursewareProgress[]): { title: string; wares: CoursewareProgress[] }[] {
  const out: { title: string; wares: CoursewareProgress[] }[] = [];
  for (const ware of wares) {
    const title = ware.section ? `${ware.chapter} · ${ware.section}` : ware.chapter;
    const last = out.at(-1);
    if (last?.title === title) last.wares.push(ware);
    else out.push({ title, wares: [ware] });
  }
  return out;
}

/** Not one of the student's courses (or no course id at all): say so and lead to the course page. */
function NotOwned({ courseId }: { courseId: number }) {
  return (
    <EmptyState
      message={T.notOwned}
      action={
        <Link href={paths.courseDetail(courseId)} className="xt-btn xt-btn--primary">
          {T.toCourse}
        </Link>
      }
    />
  );
}

function MyCourseDetailPage({ courseType, courseId, routeTitle }: { courseType: string; courseId: number; routeTitle: string }) {
  const [state, send] = useFlow(myCourseDetailMachine, { input: { courseType, courseId } });
  const detail = state.context.data;
  usePageTitle(withSubject(routeTitle, detail?.course.title));

  let body;
  if (state.matches('failed')) body = <ErrorState message={state.context.error ?? ''} onRetry={() => send({ type: 'RETRY' })} />;
  else if (state.matches('notOwned')) body = <NotOwned courseId={courseId} />;
  else if (!detail) body = <LoadingState />;
  else {
    const { course, outline, papers } = detail;
    const last = course.lastRecord;
    body = (
      <div className="xt-mycourse">
        <section className="xt-mycourse__head" aria-label={course.title}>
          <h2 className="xt-mycourse__title">
            <span className="xt-mycourse__type">{T.typeLabels[course.courseType] ?? course.courseType}</span>
            {course.title}
          </h2>
          <p className="xt-mycourse__meta">
            {course.expired ? <span className="xt-mycourse__expired">{T.expired}</span> : T.validUntil(formatDate(new Date(course.validUntil)))}
            <span>{T.lessons(course.lessonCount)}</span>
          </p>
          <ProgressBar percent={outline.studyPercentage} label={T.progress(outline.studyPercentage)} />
          <p className="xt-mycourse__meta">{last ? T.lastLearned(last.coursewareName) : T.notStarted}</p>
          {!course.expired && course.courseType !== 'PACK' && (
            <Link href={paths.coursePlayer(course.courseId, last?.coursewareId ?? null)} className="xt-btn xt-btn--primary">
              {last ? T.continue : T.start}
            </Link>
          )}
        </section>
        {course.camp && (
          <section className="xt-mycourse__stages" aria-label={T.stages}>
            <h2 className="xt-mycourse__subtitle">
              {T.stages} · {course.camp.cohortName}
            </h2>
            <ol>
              {course.camp.stages.map((stage) => (
                <li key={stage.stageId}>
                  {stage.name}（{formatDate(new Date(stage.startsAt))} – {formatDate(new Date(stage.endsAt))}）
                </li>
              ))}
            </ol>
          </section>
        )}
        <section aria-label={T.catalogue}>
          <h2 className="xt-mycourse__subtitle">{T.catalogue}</h2>
          {groups(outline.coursewares).map((group) => (
            <div key={`${group.title}-${group.wares[0]!.coursewareId}`} className="xt-mycourse__group">
              <h3 className="xt-mycourse__group-title">{group.title}</h3>
              <ul className="xt-mycourse__wares">
                {group.wares.map((ware) => (
                  <WareRow key={ware.coursewareId} courseId={ware.courseId} ware={ware} papers={papers} />
                ))}
              </ul>
            </div>
          ))}
        </section>
        <Link href={paths.myCourses()}>{T.backToList}</Link>
      </div>
    );
  }
  return <UserCentreLayout title={T.title}>{body}</UserCentreLayout>;
}

export default function MyCourseDetailView({ params, route }: RouteViewProps) {
  const page = pages.myCourseDetail.parse(params);
  if (page)
    return <MyCourseDetailPage key={`${page.courseType}/${page.courseId}`} courseType={page.courseType} courseId={page.courseId} routeTitle={route.title} />;
  return <NoCoursePage routeTitle={route.title} />;
}

/** A link whose course id is no id: the page of a course the student does not have. */
function NoCoursePage({ routeTitle }: { routeTitle: string }) {
  usePageTitle(routeTitle);
  return (
    <UserCentreLayout title={T.title}>
      <NotOwned courseId={0} />
    </UserCentreLayout>
  );
}
