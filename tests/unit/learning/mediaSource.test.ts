/** attachMedia on the browser's own player: a source it cannot use is fatal, a network error mid-play is not. */
import { describe, expect, it, vi } from 'vitest';
import type { PlayerConfig } from '../../../src/domain/learning/contract';
import { attachMedia } from '../../../src/services/learning/mediaSource';

function nativeHlsVideo(): HTMLVideoElement {
  const video = document.createElement('video');
  // As Safari and recent Chromium answer: the browser plays HLS itself.
  video.canPlayType = () => 'maybe';
  return video;
}

function fail(video: HTMLVideoElement, code: number): void {
  Object.defineProperty(video, 'error', { configurable: true, get: () => ({ code, message: '' }) });
  video.dispatchEvent(new Event('error'));
}

const CONFIG = { kind: 'hls', url: '/media/7/index.m3u8?uid=1&exp=2&sig=x' } as PlayerConfig;

describe('attachMedia with native HLS', () => {
  it('plays the link itself and reports a source it cannot use as fatal', async () => {
    const video = nativeHlsVideo();
    const onFatal = vi.fn();
    await attachMedia(video, CONFIG, onFatal);
    expect(video.getAttribute('src')).toBe(CONFIG.url);
    fail(video, 4);
    expect(onFatal).toHaveBeenCalledWith(0);
  });

  it('leaves a network error mid-play to the element, and stops listening once detached', async () => {
    const video = nativeHlsVideo();
    const onFatal = vi.fn();
    const attachment = await attachMedia(video, CONFIG, onFatal);
    fail(video, 2);
    expect(onFatal).not.toHaveBeenCalled();
    attachment.detach();
    expect(video.getAttribute('src')).toBeNull();
    fail(video, 4);
    expect(onFatal).not.toHaveBeenCalled();
  });
});
