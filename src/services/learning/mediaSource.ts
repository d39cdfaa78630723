/**
 * Puts a courseware's media into a video or audio element: the browser's own HLS where it has one
 * (Safari, iOS), else hls.js (the light build, AES-128 included), loaded only then; an MP4 or audio
 * file as is. Returns what undoes it.
 */
import type { PlayerConfig } from '../../domain/learning/contract';

export interface MediaAttachment {
  detach(): void;
}

const HLS_MIME = 'application/vnd.apple.mpegurl';
/** MediaError.MEDIA_ERR_SRC_NOT_SUPPORTED (a constant, so the module needs no DOM to load). */
const MEDIA_ERR_SRC_NOT_SUPPORTED = 4;

/** `onFatal` receives the HTTP status of a failed load when there is one (403: the link expired). */
export async function attachMedia(element: HTMLMediaElement, config: PlayerConfig, onFatal: (status: number) => void): Promise<MediaAttachment> {
  const isHls = config.kind === 'hls' || config.kind === 'audio';
  if (!isHls || element.canPlayType(HLS_MIME)) {
    // The browser plays it: it says a source it cannot use at all (a refused or broken link) as
    // MEDIA_ERR_SRC_NOT_SUPPORTED, with no HTTP status. A network error mid-play (MEDIA_ERR_NETWORK)
    // is not fatal: the element retries and playback resumes when the network is back.
    const onError = () => {
      if (element.error?.code === MEDIA_ERR_SRC_NOT_SUPPORTED) onFatal(0);
    };
    element.addEventListener('error', onError);
    element.src = config.url;
    return {
      detach() {
        element.removeEventListener('error', onError);
        element.removeAttribute('src');
        element.load();
      },
    };
  }
  const { default: Hls } = await import('hls.js/light');
  if (!Hls.isSupported()) {
    onFatal(0);
    return { detach() {} };
  }
  // No worker: the page's Content-Security-Policy lets no blob: worker in.
  const hls = new Hls({
    enableWorker: false,
    xhrSetup: (xhr) => {
      xhr.withCredentials = true;
    },
  });
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal) return;
    onFatal(data.response?.code ?? 0);
  });
  hls.loadSource(config.url);
  hls.attachMedia(element);
  return {
    detach() {
      hls.destroy();
    },
  };
}
