import { Link } from 'wouter';
import { useFlow } from '../../../app/AppContext';
import type { AuditionCourseware } from '../../../domain/catalog/contract';
import { COURSE_DETAIL_TEXTS as T } from '../../../domain/catalog/courseDetail.texts';
import { formatDuration } from '../../../domain/shared/format';
import { coursePreviewMachine } from '../../../machines/catalog/coursePreview.machine';
import { pages, paths } from '../../../paths';
import type { RouteViewProps } from '../../../routeTypes';
import { EmptyState, ErrorState, LoadingState } from '../../shared/LoadState';
import { usePageTitle } from '../../shared/usePageTitle';
import { CourseActionButton } from './CourseActionButton';
import { CourseNotFound, CourseNotFoundPage } from './CourseNotFound';
import { withSubject } from '../../shared/usePageTitle';
import './course.css';

/** The selected audition's media: audio in an <audio>, everything else with media in a <video>. */
function Player({ audition }: { audition: AuditionCourseware }) {
  if (!audition.mediaUrl) return <p className="xt-preview__nomedia">{T.previewNoMedia}</p>;
  // Keyed by the courseware: a new selection is a new element, loading from the start.
  return audition.type === 'AUDIO' ? (
    // eslint-disable-next-line jsx-a11y/media-has-caption -- demo auditions carry no caption files; the title names what plays.
    <audio key={audition.coursewareId} className="xt-preview__audio" src={audition.mediaUrl} controls preload="metadata" aria-label={audition.coursewareName} />
  ) : (
    // eslint-disable-next-line jsx-a11y/media-has-caption -- demo auditions carry no caption files; the title names what plays.
    <video
      key={audition.coursewareId}
      className="xt-preview__video"
      src={audition.mediaUrl}
      controls
      preload="metadata"
      playsInline
      aria-label={audition.coursewareName}
    />
  );
}

function PreviewPage({ courseId, routeTitle }: { courseId: number; routeTitle: string }) {
  const [state, send] = useFlow(coursePreviewMachine, { input: { courseId } });
  const data = state.context.data;
  usePageTitle(withSubject(routeTitle, state.matches('notFound') ? T.notFound : data?.details.title));
  if (state.matches('notFound')) return <CourseNotFound />;
  if (state.matches('failed')) return <ErrorState message={state.context.error ?? ''} onRetry={() => send({ type: 'RETRY' })} />;
  if (!data) return <LoadingState fill />;
  const selected = data.auditions.find((a) => a.coursewareId === state.context.selectedId) ?? null;
  return (
    <div className="xt-preview">
      <header className="xt-preview__head">
        <Link href={paths.courseDetail(courseId)} className="xt-preview__back">
          ‹ {T.previewBack}
        </Link>
        <h1 className="xt-course__title">{data.details.title}</h1>
        <p className="xt-course__meta">{T.previewHeading}</p>
      </header>
      {state.matches('empty') ? (
        <EmptyState message={T.previewEmpty} />
      ) : (
        <div className="xt-preview__layout">
          <div className="xt-preview__stage">
            {selected && (
              <>
                <h2 className="xt-course__heading">
                  {T.nowPlaying}：{selected.coursewareName}
                </h2>
                <Player audition={selected} />
              </>
            )}
          </div>
          <nav className="xt-preview__list" aria-label={T.previewList}>
            <h2 className="xt-course__heading">{T.previewList}</h2>
            <ul>
              {data.auditions.map((audition) => (
                <li key={audition.coursewareId}>
                  <button
                    type="button"
                    className="xt-preview__item"
                    aria-current={audition.coursewareId === state.context.selectedId ? 'true' : undefined}
                    onClick={() => send({ type: 'SELECT', coursewareId: audition.coursewareId })}
                  >
                    <span>{audition.coursewareName}</span>
                    {audition.duration > 0 && <span className="xt-course__meta">{formatDuration(audition.duration)}</span>}
                  </button>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      )}
      <div className="xt-preview__action">
        <CourseActionButton courseId={courseId} courseType={data.details.type} skuId={data.skuId} noSkuNote={T.noOpenCohort} />
      </div>
    </div>
  );
}

/** /course/preview/{courseId}: the course's free auditions, playable without login, with the way back and the buy button. */
export default function CoursePreviewView({ params, route }: RouteViewProps) {
  const courseId = pages.coursePreview.parse(params)?.courseId ?? null;
  return courseId === null ? <CourseNotFoundPage routeTitle={route.title} /> : <PreviewPage key={courseId} courseId={courseId} routeTitle={route.title} />;
}
