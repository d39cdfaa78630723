/**
 * The video (or audio) of a courseware: attaches its media, resumes at the last position, keeps
 * the chosen rate, and tells the progress recorder what really plays (playing, paused, seeking,
 * stalled, ended, the position). An expired link is asked for again and playback goes on where it was.
 */
import { useEffect, useRef } from 'react';
import type { PlayerConfig } from '../../../domain/learning/contract';
import { PLAYBACK_RATES, resumePosition, type PlaybackRate } from '../../../domain/learning/recording';
import { PLAYER_TEXTS as T } from '../../../domain/learning/player.texts';
import { mediaAttachmentMachine } from '../../../machines/learning/mediaAttachment.machine';
import type { ProgressRecorderEvent } from '../../../machines/learning/progressRecorder.machine';
import { useFlow } from '../../../app/AppContext';
import { useWatermark } from './Watermark';
import { StageFullscreenButton } from './WatermarkFullscreen';
import './player.css';

export interface MediaStageProps {
  config: PlayerConfig;
  audio: boolean;
  title: string;
  /** Seconds: where the student stopped. */
  progressBar: number;
  rate: PlaybackRate;
  onRate: (rate: PlaybackRate) => void;
  /** To the progress recorder. */
  onMedia: (event: ProgressRecorderEvent) => void;
  /** The link expired or the media failed: ask for a fresh link. */
  onReload: () => void;
  onEnded: () => void;
  /** 禁止拖动未学内容: the recorder's `snapBack` (a seek past the furthest point watched), each moving the playhead there. */
  subscribeSnapBack?: (move: (position: number) => void) => () => void;
}

export function MediaStage({ config, audio, title, progressBar, rate, onRate, onMedia, onReload, onEnded, subscribeSnapBack }: MediaStageProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const audioRef = useRef<HTMLAudioElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  useWatermark(stageRef, config.watermark?.mark ?? null);
  const [attachment, sendAttachment] = useFlow(mediaAttachmentMachine);
  // Where to start: the last record's position first, the spot before a link renewal after.
  const startAt = useRef(resumePosition(progressBar, config.duration));
  const rateRef = useRef(rate);
  useEffect(() => {
    rateRef.current = rate;
  }, [rate]);

  useEffect(() => {
    const element = audio ? audioRef.current : videoRef.current;
    if (!element) return;
    sendAttachment({ type: 'ATTACH', element, config });
    return () => sendAttachment({ type: 'DETACH' });
  }, [audio, config, sendAttachment]);

  useEffect(() => {
    const element = audio ? audioRef.current : videoRef.current;
    if (element) element.playbackRate = rate;
  }, [audio, rate]);

  useEffect(
    () =>
      subscribeSnapBack?.((position) => {
        const element = audio ? audioRef.current : videoRef.current;
        if (!element) return;
        startAt.current = position;
        element.currentTime = position;
      }),
    [audio, subscribeSnapBack],
  );

  const failed = attachment.matches('failed');
  const status = attachment.context.status;
  useEffect(() => {
    // A 403: the signed link expired during a long lesson. Anything else waits for the student's retry.
    if (failed && status === 403) onReload();
  }, [failed, status, onReload]);

  const position = (e: { currentTarget: HTMLMediaElement }) => e.currentTarget.currentTime;
  const handlers = {
    onLoadedMetadata: (e: { currentTarget: HTMLMediaElement }) => {
      const element = e.currentTarget;
      element.playbackRate = rateRef.current;
      if (startAt.current > 0 && startAt.current < element.duration) element.currentTime = startAt.current;
    },
    onPlaying: (e: { currentTarget: HTMLMediaElement }) => onMedia({ type: 'PLAYING', position: position(e) }),
    onPause: (e: { currentTarget: HTMLMediaElement }) => onMedia({ type: 'PAUSED', position: position(e) }),
    onWaiting: (e: { currentTarget: HTMLMediaElement }) => onMedia({ type: 'STALLED', position: position(e) }),
    // The recorder answers a seek past the furthest point watched at once (subscribeSnapBack), before the media fetches anything there.
    onSeeking: (e: { currentTarget: HTMLMediaElement }) => onMedia({ type: 'SEEKING', position: position(e) }),
    onSeeked: (e: { currentTarget: HTMLMediaElement }) => {
      if (!e.currentTarget.paused) onMedia({ type: 'PLAYING', position: position(e) });
    },
    onTimeUpdate: (e: { currentTarget: HTMLMediaElement }) => {
      startAt.current = position(e);
      onMedia({ type: 'POSITION', position: position(e) });
    },
    onEnded: (e: { currentTarget: HTMLMediaElement }) => {
      onMedia({ type: 'ENDED', position: position(e) });
      onEnded();
    },
    onError: () => onMedia({ type: 'STALLED', position: startAt.current }),
  };

  return (
    <div ref={stageRef} className="xt-player__stage" data-keep-clear>
      {audio ? (
        <div className="xt-player__audio" data-watermark-area>
          <p className="xt-player__audio-title">{title}</p>
          {/* eslint-disable-next-line jsx-a11y/media-has-caption -- lessons are read aloud from the handout; no caption track exists */}
          <audio ref={audioRef} controls preload="metadata" data-testid="course-audio" {...handlers} />
        </div>
      ) : (
        // eslint-disable-next-line jsx-a11y/media-has-caption -- the demo lectures carry no caption track
        <video
          ref={videoRef}
          className="xt-player__video"
          controls
          playsInline
          preload="metadata"
          aria-label={title}
          data-testid="course-video"
          data-watermark-area
          controlsList="nofullscreen"
          disablePictureInPicture={config.watermark !== null}
          {...handlers}
        />
      )}
      {failed && status !== 403 && (
        <div className="xt-player__failed" role="alert">
          <span>{T.mediaFailed}</span>
          <button type="button" className="xt-btn" onClick={onReload}>
            {T.retry}
          </button>
        </div>
      )}
      <div className="xt-player__controls">
        <label className="xt-player__rate">
          {T.rate}
          <select value={rate} onChange={(e) => onRate(Number(e.target.value) as PlaybackRate)}>
            {PLAYBACK_RATES.map((r) => (
              <option key={r} value={r}>
                {r}x
              </option>
            ))}
          </select>
        </label>
        {!audio && <StageFullscreenButton stageRef={stageRef} />}
      </div>
    </div>
  );
}

/** A courseware with nothing to play (no media, or its link could not be had): say so, offer to ask again. */
export function MediaUnavailable({ message, onRetry }: { message: string | null; onRetry: () => void }) {
  return (
    <div className="xt-player__panel" role="alert">
      <p>{message ?? T.noMedia}</p>
      <button type="button" className="xt-btn" onClick={onRetry}>
        {T.retry}
      </button>
    </div>
  );
}
