/**
 * The moving watermark over a paid lesson (issue 24; its rules in src/domain/learning/watermark.ts).
 *
 * Drawn imperatively into the stage, not as a React child: removed in devtools, React would have
 * nothing to put back. Its styles are inline and `important`, so no style sheet outranks them (they
 * are inline for that reason, not for want of a CSS class). A MutationObserver on the stage and a
 * check every WATERMARK_CHECK_MS make sure it is still there: connected, inside the stage, its text
 * whole, visible by computed style (display, visibility, opacity down to the root, a size), over
 * the picture, and inside `document.fullscreenElement` when something is fullscreen. When it is
 * not, the media is paused and a fresh element is drawn at once; a `play` while it is missing is
 * paused again.
 */
import { useEffect, useRef, type RefObject } from 'react';
import { nextWatermarkPlace, WATERMARK_CHECK_MS, WATERMARK_MOVE_MS, watermarkText, type WatermarkPlace } from '../../../domain/learning/watermark';
import './watermark.css';

/** The part of the stage the watermark moves over (MediaStage marks the video, the audio panel); the stage itself without one. */
const WATERMARK_AREA_ATTRIBUTE = 'data-watermark-area';

/** How opaque it is drawn; seen through its ancestors' opacity, below half of it counts as hidden. */
const OPACITY = 0.75;
const MIN_SEEN_OPACITY = OPACITY / 2;

/** Its font size: this share of the picture's width, within these bounds (12 px on a phone, larger in fullscreen). */
const FONT_SHARE = 0.02;
const FONT_MIN_PX = 12;
const FONT_MAX_PX = 22;

/**
 * Everything a style sheet could use to hide, shrink, cover or move it, fixed inline and important.
 * White on a faint dark band with a dark halo: readable on a dark and on a light picture.
 */
const FIXED_STYLE: Readonly<Record<string, string>> = {
  position: 'absolute',
  right: 'auto',
  bottom: 'auto',
  display: 'block',
  visibility: 'visible',
  opacity: String(OPACITY),
  'z-index': '2147483647',
  'pointer-events': 'none',
  'user-select': 'none',
  '-webkit-user-select': 'none',
  margin: '0',
  padding: '2px 6px',
  'box-sizing': 'border-box',
  width: 'auto',
  height: 'auto',
  'min-width': '0',
  'min-height': '0',
  'max-width': 'none',
  'max-height': 'none',
  overflow: 'visible',
  'white-space': 'nowrap',
  'font-family': 'system-ui, -apple-system, "PingFang SC", "Microsoft YaHei", sans-serif',
  'font-weight': '500',
  'line-height': '1.4',
  'letter-spacing': '0.02em',
  color: 'rgba(255, 255, 255, 0.95)',
  background: 'rgba(0, 0, 0, 0.25)',
  'border-radius': '4px',
  'text-shadow': '0 0 2px rgba(0, 0, 0, 0.9), 0 1px 3px rgba(0, 0, 0, 0.7)',
  transform: 'none',
  filter: 'none',
  'clip-path': 'none',
  mask: 'none',
  'mix-blend-mode': 'normal',
  'content-visibility': 'visible',
  transition: 'none',
  animation: 'none',
};

type Box = Pick<DOMRect, 'left' | 'top' | 'width' | 'height' | 'right' | 'bottom'>;

export interface WatermarkOptions {
  /** 0 ≤ random() < 1: where it goes next (Math.random). */
  random?: () => number;
  /** Epoch ms for its time stamp (Date.now). */
  now?: () => number;
}

function setImportant(el: HTMLElement, name: string, value: string): void {
  if (el.style.getPropertyValue(name) !== value || el.style.getPropertyPriority(name) !== 'important') el.style.setProperty(name, value, 'important');
}

/** Draws the watermark naming `mark` into `stage` and keeps it there; answers the function that takes it away. */
export function guardWatermark(stage: HTMLElement, mark: string, options: WatermarkOptions = {}): () => void {
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  let place: WatermarkPlace = nextWatermarkPlace(null, random);
  let text = watermarkText(mark, now());
  let el = draw();

  const area = (): HTMLElement => stage.querySelector<HTMLElement>(`[${WATERMARK_AREA_ATTRIBUTE}]`) ?? stage;
  const media = (): HTMLMediaElement | null => stage.querySelector<HTMLMediaElement>('video, audio');

  /** The box of the picture itself: a video's frame inside its element (letterboxed in fullscreen), else the area's box. */
  function picture(): Box {
    const el = area();
    const box = el.getBoundingClientRect();
    if (!(el instanceof HTMLVideoElement) || el.videoWidth <= 0 || el.videoHeight <= 0) return box;
    const scale = Math.min(box.width / el.videoWidth, box.height / el.videoHeight);
    const width = el.videoWidth * scale;
    const height = el.videoHeight * scale;
    const left = box.left + (box.width - width) / 2;
    const top = box.top + (box.height - height) / 2;
    return { left, top, width, height, right: left + width, bottom: top + height };
  }

  function draw(): HTMLElement {
    const fresh = document.createElement('div');
    fresh.setAttribute('aria-hidden', 'true');
    fresh.dataset.testid = 'watermark';
    for (const [name, value] of Object.entries(FIXED_STYLE)) fresh.style.setProperty(name, value, 'important');
    fresh.textContent = text;
    stage.append(fresh);
    return fresh;
  }

  /** Puts it at its place over the picture, measured now (the picture changes size: a turned phone, fullscreen). */
  function position(): void {
    const box = picture();
    setImportant(el, 'font-size', `${Math.round(Math.min(FONT_MAX_PX, Math.max(FONT_MIN_PX, box.width * FONT_SHARE)))}px`);
    const own = el.getBoundingClientRect();
    // Absolute positions count from the padding box of the element it is placed in.
    const origin = el.offsetParent instanceof HTMLElement ? el.offsetParent : stage;
    const from = origin.getBoundingClientRect();
    const left = box.left - from.left - origin.clientLeft + origin.scrollLeft + place.x * Math.max(0, box.width - own.width);
    const top = box.top - from.top - origin.clientTop + origin.scrollTop + place.y * Math.max(0, box.height - own.height);
    setImportant(el, 'left', `${Math.round(left)}px`);
    setImportant(el, 'top', `${Math.round(top)}px`);
  }

  /** Whether it is there and can be seen, over the picture. */
  function intact(): boolean {
    if (!el.isConnected || !stage.contains(el) || el.textContent !== text) return false;
    const fullscreen = document.fullscreenElement;
    if (fullscreen && !fullscreen.contains(el)) return false;
    const style = getComputedStyle(el);
    if (style.display === 'none' || style.visibility !== 'visible') return false;
    let opacity = 1;
    for (let node: Element | null = el; node; node = node.parentElement) {
      const own = parseFloat(getComputedStyle(node).opacity);
      if (!Number.isNaN(own)) opacity *= own;
    }
    if (opacity < MIN_SEEN_OPACITY) return false;
    const own = el.getBoundingClientRect();
    if (own.width < 1 || own.height < 1) return false;
    const box = picture();
    const x = own.left + own.width / 2;
    const y = own.top + own.height / 2;
    return x >= box.left - 1 && x <= box.right + 1 && y >= box.top - 1 && y <= box.bottom + 1;
  }

  function pause(): void {
    media()?.pause();
  }

  /** Places it, checks it, and when it is missing pauses the media and draws a fresh one. */
  function verify(): void {
    if (el.isConnected) position();
    if (!intact()) {
      pause();
      el.remove();
      el = draw();
      position();
    }
    // What this did to the stage is no news to the observer.
    observer.takeRecords();
  }

  function move(): void {
    place = nextWatermarkPlace(place.zone, random);
    text = watermarkText(mark, now());
    if (el.textContent !== text) el.textContent = text;
    verify();
  }

  const observer = new MutationObserver(verify);
  observer.observe(stage, { childList: true, subtree: true, attributes: true, characterData: true });
  const onPlay = () => {
    if (!intact()) verify();
  };
  // Capture: a media element's play does not bubble, but its stage sees it on the way down.
  stage.addEventListener('play', onPlay, true);
  document.addEventListener('fullscreenchange', verify);
  window.addEventListener('resize', verify);
  const check = window.setInterval(verify, WATERMARK_CHECK_MS);
  const mover = window.setInterval(move, WATERMARK_MOVE_MS);
  verify();

  return () => {
    window.clearInterval(check);
    window.clearInterval(mover);
    observer.disconnect();
    stage.removeEventListener('play', onPlay, true);
    document.removeEventListener('fullscreenchange', verify);
    window.removeEventListener('resize', verify);
    el.remove();
  };
}

/** The watermark over the stage while `mark` is set (a paid lesson); nothing at all when it is null (an audition). */
export function useWatermark(stageRef: RefObject<HTMLElement | null>, mark: string | null, options?: WatermarkOptions): void {
  const optionsRef = useRef(options);
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage || mark === null) return;
    return guardWatermark(stage, mark, optionsRef.current);
  }, [stageRef, mark]);
}
