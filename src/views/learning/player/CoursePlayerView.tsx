/**
 * /course-player/{courseId}?coursewareId=…: the courseware beside the course's catalogue. Video and
 * audio play here (their progress recorded by the progressRecorder statechart when the course is
 * the student's SYS or PACK course), a handout shows inline, a paper opens the question bank, a
 * live courseware shows its session state; a visitor or a non-owner is told how to get the course.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useFlow, useIsLoggedIn, useLoginModal } from '../../../app/AppContext';
import type { CoursewareInfo, LiveInfo, PlayerConfig } from '../../../domain/learning/contract';
import type { PlaybackRate } from '../../../domain/learning/recording';
import { PLAYER_TEXTS as T } from '../../../domain/learning/player.texts';
import { formatDateTime } from '../../../domain/shared/format';
import { coursePlayerMachine } from '../../../machines/learning/coursePlayer.machine';
import { progressRecorderMachine, type ProgressRecorderEvent } from '../../../machines/learning/progressRecorder.machine';
import { pages, parseId, paths } from '../../../paths';
import type { RouteViewProps } from '../../../routeTypes';
import { EmptyState, ErrorState, LoadingState } from '../../shared/LoadState';
import { usePageTitle, withSubject } from '../../shared/usePageTitle';
import { LiveChatPanel } from './live/LiveChatPanel';
import { MediaStage, MediaUnavailable } from './MediaStage';
import { PlayerCatalogue } from './PlayerCatalogue';
import './player.css';

function LiveState({ live }: { live: LiveInfo | null }) {
  if (!live) return null;
  const text = live.state === 'UPCOMING' ? T.liveUpcoming(formatDateTime(new Date(live.startsAt))) : live.state === 'LIVE' ? T.liveNow : T.liveReplay;
  return <p className={`xt-player__live xt-player__live--${live.state.toLowerCase()}`}>{text}</p>;
}

/** What the recorder says: saved, saving, waiting to upload, or that another tab is counting. */
function RecordState({ state }: { state: ReturnType<typeof useRecorder>[0] }) {
  if (state.matches('disabled')) return null;
  const { queue, lockHeld, progress, refused, refusedReason } = state.context;
  let text: string = T.saved;
  if (!lockHeld && state.context.playing && state.context.visible) text = T.otherTab;
  else if (state.matches({ recording: { outbox: 'waiting' } })) text = T.pending(queue.length);
  else if (queue.length > 0) text = T.saving;
  return (
    <p className="xt-player__record" role="status" data-testid="record-state" data-counting={state.matches({ recording: { watch: 'counting' } })}>
      {progress && <span className="xt-player__percent">{T.progress(progress.studyPercentage)}</span>}
      <span>{text}</span>
      {refused > 0 && <span className="xt-player__refused">{T.refused(refusedReason)}</span>}
    </p>
  );
}

function useRecorder(info: CoursewareInfo) {
  const sendRef = useRef<((event: ProgressRecorderEvent) => void) | null>(null);
  // Leaving for another lesson of the page counts what was watched, like leaving the page. Declared
  // before the flow, so this cleanup runs while its actor still lives.
  useEffect(() => () => sendRef.current?.({ type: 'LEAVE', position: -1 }), []);
  const [state, send, actor] = useFlow(progressRecorderMachine, {
    input: {
      base: info.watchTicket
        ? {
            courseId: info.courseId,
            coursewareId: info.coursewareId,
            coursewareName: info.coursewareName,
            coursewareType: info.type,
            stageId: info.stageId,
            watchTicket: info.watchTicket,
          }
        : null,
      now: () => Date.now(),
    },
  });
  useEffect(() => {
    sendRef.current = send;
  }, [send]);
  useEffect(() => {
    const visibility = () => send({ type: 'VISIBILITY', visible: document.visibilityState === 'visible' });
    const online = () => send({ type: 'ONLINE' });
    // -1: the recorder keeps the last position the media reported.
    const leave = () => send({ type: 'LEAVE', position: -1 });
    visibility();
    document.addEventListener('visibilitychange', visibility);
    window.addEventListener('online', online);
    window.addEventListener('pagehide', leave);
    return () => {
      document.removeEventListener('visibilitychange', visibility);
      window.removeEventListener('online', online);
      window.removeEventListener('pagehide', leave);
    };
  }, [send]);
  // The recorder tells the media where a seek past the furthest point watched goes back to (synchronously, while the media seeks).
  const subscribeSnapBack = useCallback(
    (move: (position: number) => void) => {
      const subscription = actor.on('snapBack', (event) => move(event.position));
      return () => subscription.unsubscribe();
    },
    [actor],
  );
  return [state, send, subscribeSnapBack] as const;
}

/** 禁止拖动未学内容: said while it holds, and once more each time a seek is sent back. */
function SeekGuard({ state, subscribeSnapBack }: { state: ReturnType<typeof useRecorder>[0]; subscribeSnapBack: ReturnType<typeof useRecorder>[2] }) {
  const [snapped, setSnapped] = useState(0);
  useEffect(() => subscribeSnapBack(() => setSnapped((n) => n + 1)), [subscribeSnapBack]);
  if (!state.matches({ recording: { seek: 'guarded' } })) return null;
  return (
    <p className="xt-player__seek-guard" data-testid="seek-guard" role="status">
      {snapped > 0 ? T.seekSnapped : T.seekGuarded}
    </p>
  );
}

function Stage({ courseId, info, config, mediaError, rate, onRate, onReload, nextHref }: StageProps) {
  const [recorder, sendRecorder, subscribeSnapBack] = useRecorder(info);
  const [ended, setEnded] = useState(false);
  const onMedia = useCallback((event: ProgressRecorderEvent) => sendRecorder(event), [sendRecorder]);
  // Each config (a renewed link too) carries the server's furthest point watched, or no limit.
  useEffect(() => {
    if (config && config.kind !== 'pdf') sendRecorder({ type: 'SEEK_LIMIT', limit: config.seekLimit, duration: config.duration });
  }, [config, sendRecorder]);
  const loggedIn = useIsLoggedIn();
  const loginModal = useLoginModal();

  let body;
  if (info.type === 'PAPER') {
    body = (
      <div className="xt-player__panel">
        <p>{T.paperTitle}</p>
        {info.paperId && (
          <Link href={paths.paperDetail(info.paperId)} className="xt-btn xt-btn--primary">
            {T.openPaper}
          </Link>
        )}
      </div>
    );
  } else if (!info.owned && !info.freeAudition) {
    body = (
      <div className="xt-player__panel">
        <p>{loggedIn ? T.notOwned : T.loginHint}</p>
        <div className="xt-player__actions">
          {!loggedIn && (
            <button type="button" className="xt-btn" onClick={() => void loginModal.open()}>
              {T.login}
            </button>
          )}
          <Link href={paths.courseDetail(courseId)} className="xt-btn xt-btn--primary">
            {T.buy}
          </Link>
        </div>
      </div>
    );
  } else if (!config) {
    body = <MediaUnavailable message={mediaError} onRetry={onReload} />;
  } else if (config.kind === 'pdf') {
    body = (
      <div className="xt-player__doc">
        <iframe src={config.url} title={`${T.ebookTitle}：${info.coursewareName}`} className="xt-player__pdf" />
        <a href={config.url} target="_blank" rel="noreferrer" className="xt-player__doc-link">
          {T.openEbook}
        </a>
      </div>
    );
  } else {
    body = (
      <MediaStage
        config={config}
        audio={config.kind === 'audio'}
        title={info.coursewareName}
        progressBar={info.studyPercentageInfo.progressBar}
        rate={rate}
        onRate={onRate}
        onMedia={onMedia}
        onReload={onReload}
        onEnded={() => setEnded(true)}
        subscribeSnapBack={subscribeSnapBack}
      />
    );
  }
  return (
    <section className="xt-player__main" aria-labelledby="xt-player-title">
      <h1 id="xt-player-title" className="xt-player__title">
        {info.coursewareName}
      </h1>
      <LiveState live={info.live} />
      {body}
      <SeekGuard state={recorder} subscribeSnapBack={subscribeSnapBack} />
      <RecordState state={recorder} />
      {info.type === 'LIVE' && info.live && info.owned && loggedIn && <LiveChatPanel coursewareId={info.coursewareId} live={info.live} />}
      {ended && nextHref && (
        <p className="xt-player__next-up" role="status">
          <Link href={nextHref} className="xt-btn xt-btn--primary">
            {T.playNext}
          </Link>
        </p>
      )}
    </section>
  );
}

interface StageProps {
  courseId: number;
  info: CoursewareInfo;
  config: PlayerConfig | null;
  mediaError: string | null;
  rate: PlaybackRate;
  onRate: (rate: PlaybackRate) => void;
  onReload: () => void;
  nextHref: string | null;
}

function PlayerPage({ courseId, coursewareId, routeTitle }: { courseId: number; coursewareId: number | null; routeTitle: string }) {
  const loggedIn = useIsLoggedIn();
  const [state, send] = useFlow(coursePlayerMachine, { input: { courseId, coursewareId, loggedIn } });
  const { data, rate } = state.context;
  usePageTitle(withSubject(routeTitle, data?.info.coursewareName));
  const onReload = useCallback(() => send({ type: 'RELOAD_MEDIA' }), [send]);
  const [, navigate] = useLocation();

  let content;
  if (state.matches('failed')) content = <ErrorState message={state.context.error ?? ''} onRetry={() => send({ type: 'RETRY' })} />;
  else if (state.matches('empty'))
    content = (
      <EmptyState
        message={T.notOwned}
        action={
          <Link href={paths.courseDetail(courseId)} className="xt-btn xt-btn--primary">
            {T.buy}
          </Link>
        }
      />
    );
  else if (!data) content = <LoadingState label={T.loading} fill />;
  else {
    const { info } = data;
    const nextHref = info.nextCoursewareId ? paths.coursePlayer(courseId, info.nextCoursewareId) : null;
    content = (
      <div className="xt-player__layout">
        <Stage
          key={info.coursewareId}
          courseId={courseId}
          info={info}
          config={data.config}
          mediaError={data.mediaError}
          rate={rate}
          onRate={(r) => send({ type: 'SET_RATE', rate: r })}
          onReload={onReload}
          nextHref={nextHref}
        />
        <aside className="xt-player__side">
          <div className="xt-player__steps">
            <button
              type="button"
              className="xt-btn"
              disabled={!info.prevCoursewareId}
              onClick={() => info.prevCoursewareId && navigate(paths.coursePlayer(courseId, info.prevCoursewareId))}
            >
              {T.previous}
            </button>
            <button type="button" className="xt-btn" disabled={!nextHref} onClick={() => nextHref && navigate(nextHref)}>
              {T.next}
            </button>
          </div>
          {data.outline && <PlayerCatalogue courseId={courseId} wares={data.outline.coursewares} currentId={info.coursewareId} />}
        </aside>
      </div>
    );
  }
  return (
    <div className="xt-player">
      <header className="xt-player__bar">
        <Link href={paths.courseDetail(courseId)} className="xt-player__back">
          ← {T.backToCourse}
        </Link>
        {loggedIn && (
          <Link href={paths.myCourses()} className="xt-player__back">
            {T.myCourses}
          </Link>
        )}
      </header>
      <main className="xt-player__body">{content}</main>
    </div>
  );
}

export default function CoursePlayerView({ params, route }: RouteViewProps) {
  const search = useSearch();
  const loggedIn = useIsLoggedIn();
  const courseId = pages.coursePlayer.parse(params)?.courseId ?? null;
  const coursewareId = parseId(new URLSearchParams(search).get('coursewareId'));
  if (courseId === null) return <EmptyState message={T.noMedia} />;
  // Another courseware, or a login, is a fresh page: its own ticket, recorder and media.
  return <PlayerPage key={`${courseId}:${coursewareId ?? ''}:${loggedIn ? 1 : 0}`} courseId={courseId} coursewareId={coursewareId} routeTitle={route.title} />;
}
