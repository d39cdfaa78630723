/**
 * The watermark over the player's stage (issue 24), in jsdom with fake timers: drawn with the
 * masked mobile and the China time, moved on the interval to another zone with a fresh stamp,
 * re-drawn at once after removal, hiding or a changed text, the media paused while it is missing
 * (a play then is paused again), nothing for an audition; and the stage's own fullscreen.
 *
 * jsdom lays nothing out: boxes come from a stub that reads the mark's inline left/top, so the
 * checks on size and place see what a browser would.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { WATERMARK_CHECK_MS, WATERMARK_MOVE_MS } from '../../../src/domain/learning/watermark';
import { useWatermark } from '../../../src/views/learning/player/Watermark';
import { StageFullscreenButton } from '../../../src/views/learning/player/WatermarkFullscreen';

const MARK = '138****8000';
/** 2025-11-26 17:05:58 in Beijing: the first move's stamp is a minute later. */
const START = Date.UTC(2025, 10, 26, 9, 5, 58);

/** random() answering the given values in turn, then again: where the mark goes is known. */
function sequence(...values: number[]): () => number {
  let i = 0;
  return () => values[i++ % values.length]!;
}

function Stage({ mark }: { mark: string | null }) {
  const stageRef = useRef<HTMLDivElement>(null);
  useWatermark(stageRef, mark, { random: sequence(0.1, 0.3, 0.7, 0.6, 0.2, 0.9) });
  return (
    <div data-testid="page">
      <div ref={stageRef} data-testid="stage">
        {/* eslint-disable-next-line jsx-a11y/media-has-caption -- a stand-in for the player's video: nothing plays */}
        <video data-testid="video" data-watermark-area />
        <div className="controls">
          <StageFullscreenButton stageRef={stageRef} />
        </div>
      </div>
    </div>
  );
}

const DOMRECT = (left: number, top: number, width: number, height: number) => DOMRect.fromRect({ x: left, y: top, width, height });

let pause: MockInstance<() => void>;
let fullscreenElement: Element | null = null;

beforeEach(() => {
  vi.useFakeTimers({ now: START });
  pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  // The stage 640×400, its video 640×360 at its top, the mark 160×24 where its inline left/top put it.
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    if (this.dataset.testid === 'watermark') return DOMRECT(parseFloat(this.style.left) || 0, parseFloat(this.style.top) || 0, 160, 24);
    if (this.tagName === 'VIDEO') return DOMRECT(0, 0, 640, 360);
    return DOMRECT(0, 0, 640, 400);
  });
  fullscreenElement = null;
  Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => fullscreenElement });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  Reflect.deleteProperty(document, 'fullscreenElement');
  Reflect.deleteProperty(document, 'fullscreenEnabled');
});

const mark = () => screen.getByTestId('watermark');
const place = () => ({ left: mark().style.left, top: mark().style.top });
/** Lets the mutation observer's callbacks (microtasks) run. */
const settle = () => act(async () => undefined);

describe('useWatermark', () => {
  it('draws the masked mobile and the China time over the picture, out of reach of style sheets and of the pointer', () => {
    render(<Stage mark={MARK} />);
    const el = mark();
    expect(el.textContent).toBe('138****8000 11-26 17:05');
    expect(el.parentElement).toBe(screen.getByTestId('stage'));
    expect(el.getAttribute('aria-hidden')).toBe('true');
    // jsdom's CSSOM keeps the priority of only some properties (not visibility's nor position's); a browser keeps all of them.
    for (const name of ['display', 'opacity', 'left', 'top', 'color', 'font-size']) expect(el.style.getPropertyPriority(name), name).toBe('important');
    expect(el.style.getPropertyValue('visibility')).toBe('visible');
    expect(el.style.getPropertyValue('pointer-events')).toBe('none');
    // Whole inside the video's box (640×360), the mark being 160×24.
    const { left, top } = { left: parseFloat(el.style.left), top: parseFloat(el.style.top) };
    expect(left).toBeGreaterThanOrEqual(0);
    expect(left + 160).toBeLessThanOrEqual(640);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top + 24).toBeLessThanOrEqual(360);
    expect(pause).not.toHaveBeenCalled();
  });

  it('moves to another place on the interval, its time stamp refreshed, and not before', async () => {
    render(<Stage mark={MARK} />);
    const first = place();
    await act(() => vi.advanceTimersByTimeAsync(WATERMARK_MOVE_MS - 1));
    expect(place()).toEqual(first);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(place()).not.toEqual(first);
    expect(mark().textContent).toBe('138****8000 11-26 17:06');
    const second = place();
    await act(() => vi.advanceTimersByTimeAsync(WATERMARK_MOVE_MS));
    expect(place()).not.toEqual(second);
    // Moving is not missing: nothing was paused.
    expect(pause).not.toHaveBeenCalled();
  });

  it('re-draws a fresh element at once when its element is removed, and pauses the media', async () => {
    render(<Stage mark={MARK} />);
    const before = mark();
    before.remove();
    await settle();
    expect(mark()).not.toBe(before);
    expect(mark().textContent).toBe('138****8000 11-26 17:05');
    expect(mark().parentElement).toBe(screen.getByTestId('stage'));
    expect(pause).toHaveBeenCalled();
  });

  it("re-draws it when it is hidden (style.display = 'none') or its text is changed", async () => {
    render(<Stage mark={MARK} />);
    const hidden = mark();
    hidden.style.display = 'none';
    await settle();
    expect(hidden.isConnected).toBe(false);
    expect(mark().style.getPropertyValue('display')).toBe('block');
    expect(pause).toHaveBeenCalledTimes(1);

    mark().textContent = '';
    await settle();
    expect(mark().textContent).toBe('138****8000 11-26 17:05');
    expect(pause).toHaveBeenCalledTimes(2);
  });

  it('catches on its next check what no change of the stage shows: a page made transparent around it', async () => {
    render(<Stage mark={MARK} />);
    screen.getByTestId('page').style.opacity = '0';
    await settle();
    expect(pause).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(WATERMARK_CHECK_MS));
    expect(pause).toHaveBeenCalled();
  });

  it('keeps the media paused while it is missing: something else fullscreen, a play is paused again', async () => {
    render(<Stage mark={MARK} />);
    const video = screen.getByTestId('video');
    fullscreenElement = video;
    fireEvent(document, new Event('fullscreenchange'));
    expect(pause).toHaveBeenCalledTimes(1);
    fireEvent.play(video);
    expect(pause).toHaveBeenCalledTimes(2);
    await act(() => vi.advanceTimersByTimeAsync(WATERMARK_CHECK_MS));
    expect(pause).toHaveBeenCalledTimes(3);

    // The stage fullscreen: the mark is inside it, and a play plays.
    fullscreenElement = screen.getByTestId('stage');
    fireEvent(document, new Event('fullscreenchange'));
    fireEvent.play(video);
    await act(() => vi.advanceTimersByTimeAsync(WATERMARK_CHECK_MS));
    expect(pause).toHaveBeenCalledTimes(3);
  });

  it('draws nothing for an audition (no mark), and goes with its timers when the mark goes', async () => {
    const { rerender, unmount } = render(<Stage mark={null} />);
    expect(screen.queryByTestId('watermark')).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
    rerender(<Stage mark={MARK} />);
    expect(mark()).toBeTruthy();
    rerender(<Stage mark={null} />);
    expect(screen.queryByTestId('watermark')).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(WATERMARK_MOVE_MS * 2));
    expect(screen.queryByTestId('watermark')).toBeNull();
    expect(pause).not.toHaveBeenCalled();
    unmount();
  });
});

describe('StageFullscreenButton', () => {
  it('is absent where the browser has no element fullscreen (iPhone Safari)', () => {
    render(<Stage mark={MARK} />);
    expect(screen.queryByRole('button', { name: '全屏' })).toBeNull();
  });

  it('puts the stage, not the video, in fullscreen, and takes over when the video goes fullscreen itself', async () => {
    Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, value: true });
    // jsdom has no Fullscreen API: the browser's, as the stage sees it (the change comes after the call, with an event).
    const becomes = (element: Element | null) =>
      Promise.resolve().then(() => {
        fullscreenElement = element;
        document.dispatchEvent(new Event('fullscreenchange'));
      });
    const requests: Element[] = [];
    Object.defineProperty(Element.prototype, 'requestFullscreen', {
      configurable: true,
      value(this: Element) {
        requests.push(this);
        return becomes(this);
      },
    });
    const exit = vi.fn(() => becomes(null));
    Object.defineProperty(document, 'exitFullscreen', { configurable: true, value: exit });
    try {
      render(<Stage mark={MARK} />);
      const stage = screen.getByTestId('stage');
      await act(async () => fireEvent.click(screen.getByRole('button', { name: '全屏' })));
      expect(requests).toEqual([stage]);
      expect(document.fullscreenElement).toBe(stage);
      expect(screen.getByRole('button', { name: '退出全屏' })).toBeTruthy();
      expect(stage.contains(mark())).toBe(true);

      await act(async () => fireEvent.click(screen.getByRole('button', { name: '退出全屏' })));
      expect(exit).toHaveBeenCalledTimes(1);
      expect(screen.getByRole('button', { name: '全屏' })).toBeTruthy();
      expect(pause).not.toHaveBeenCalled();

      // A double click on the video in Chrome: the video is the fullscreen element, without the watermark
      // (the media is paused); the stage takes it over: out of the video's fullscreen, into its own.
      await act(() => becomes(screen.getByTestId('video')));
      expect(pause).toHaveBeenCalled();
      expect(exit).toHaveBeenCalledTimes(2);
      expect(requests).toEqual([stage, stage]);
      expect(document.fullscreenElement).toBe(stage);
      expect(screen.getByRole('button', { name: '退出全屏' })).toBeTruthy();
      expect(stage.contains(mark())).toBe(true);
    } finally {
      Reflect.deleteProperty(document, 'exitFullscreen');
      Reflect.deleteProperty(Element.prototype, 'requestFullscreen');
    }
  });
});
