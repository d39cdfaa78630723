/**
 * Fullscreen for a watermarked player (issue 24): the stage, not the video, goes fullscreen, so the
 * watermark drawn in it stays on screen. The video's own fullscreen control is removed
 * (controlsList="nofullscreen"); this 全屏 / 退出全屏 button takes its place, and when the video
 * itself becomes the fullscreen element anyway (a double click in Chrome, a browser that ignores
 * controlsList) the stage takes it over: out of the video's fullscreen, into the stage's.
 */
import { useEffect, useState, type RefObject } from 'react';
import { PLAYER_TEXTS as T } from '../../../domain/learning/player.texts';
import './watermark.css';

const ignore = () => undefined;

/** The video's fullscreen, or anything else inside the stage: replaced by the stage's own. */
async function takeOver(stage: HTMLElement): Promise<void> {
  try {
    await document.exitFullscreen();
    await stage.requestFullscreen();
  } catch {
    // The browser wants a fresh click for it: the 全屏 button is there (and the watermark keeps the media paused meanwhile).
  }
}

export function StageFullscreenButton({ stageRef }: { stageRef: RefObject<HTMLElement | null> }) {
  const [active, setActive] = useState(false);
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    const onChange = () => {
      const current = document.fullscreenElement;
      setActive(current === stage);
      if (current && current !== stage && stage.contains(current)) void takeOver(stage);
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [stageRef]);

  // iPhone Safari has no element fullscreen: its video keeps its native one (docs/learning.md says what that means).
  if (typeof document === 'undefined' || !document.fullscreenEnabled) return null;
  const toggle = () => {
    const stage = stageRef.current;
    if (!stage) return;
    if (document.fullscreenElement === stage) document.exitFullscreen().catch(ignore);
    else stage.requestFullscreen().catch(ignore);
  };
  return (
    <button type="button" className="xt-btn xt-btn--subtle xt-player__fullscreen" data-testid="stage-fullscreen" onClick={toggle}>
      {active ? T.exitFullscreen : T.fullscreen}
    </button>
  );
}
