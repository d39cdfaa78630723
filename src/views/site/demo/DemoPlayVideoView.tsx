/**
 * /demo-components/play-video: the course player's stage (learning/player/MediaStage.tsx) as the
 * player page feeds it: loading, the demo site's free-audition video and audio, a media link that
 * could not be had, and a courseware with nothing to play.
 */
import { useCallback, useState } from 'react';
import { PLAYER_TEXTS } from '../../../domain/learning/player.texts';
import { TIMEOUT_ERROR_TEXT } from '../../../domain/shared/errors';
import type { PlayerConfig } from '../../../domain/learning/contract';
import type { PlaybackRate } from '../../../domain/learning/recording';
import { DEMO_TEXTS } from '../../../domain/site/demoComponents.texts';
import { MediaStage, MediaUnavailable } from '../../learning/player/MediaStage';
import { LoadingState } from '../../shared/LoadState';
import { DemoPage, DemoSection } from './DemoPage';
import { AUDITION_AUDIO, AUDITION_VIDEO } from './demoFixtures';
import type { RouteViewProps } from '../../../routeTypes';

const T = DEMO_TEXTS.playVideo;

/** A MediaStage with the page's own rate and retry handling, showing what the stage reports (the progress recorder's input). */
function DemoStage({ config, audio, title }: { config: PlayerConfig; audio: boolean; title: string }) {
  const [rate, setRate] = useState<PlaybackRate>(1);
  const [lastEvent, setLastEvent] = useState<string | null>(null);
  const [retries, setRetries] = useState(0);
  // The player asks for a fresh link; the demo's link stays the same, so the stage attaches it again.
  const onReload = useCallback(() => setRetries((n) => n + 1), []);
  return (
    <div className="xt-demo__stage">
      <MediaStage
        key={retries}
        config={config}
        audio={audio}
        title={title}
        progressBar={0}
        rate={rate}
        onRate={setRate}
        onMedia={(event) => setLastEvent(event.type)}
        onReload={onReload}
        onEnded={() => {}}
      />
      <p className="xt-demo__stage-note">
        {lastEvent ? `${T.lastEvent}${lastEvent}` : T.noEvent}
        {retries > 0 && ` · ${T.retries(retries)}`}
      </p>
    </div>
  );
}

/** The stage's place when there is nothing to attach: the player's own panel, its retry counted here. */
function DemoUnavailable({ message }: { message: string | null }) {
  const [retries, setRetries] = useState(0);
  return (
    <div className="xt-demo__stage">
      <MediaUnavailable message={message} onRetry={() => setRetries((n) => n + 1)} />
      {retries > 0 && <p className="xt-demo__stage-note">{T.retries(retries)}</p>}
    </div>
  );
}

export default function DemoPlayVideoView({ route }: RouteViewProps) {
  return (
    <DemoPage title={T.title} routeTitle={route.title}>
      <DemoSection text={T.loading} testId="demo-player-loading">
        <LoadingState label={PLAYER_TEXTS.loading} />
      </DemoSection>
      <DemoSection text={T.video} testId="demo-player-video">
        <DemoStage config={AUDITION_VIDEO} audio={false} title={T.videoTitle} />
      </DemoSection>
      <DemoSection text={T.audio} testId="demo-player-audio">
        <DemoStage config={AUDITION_AUDIO} audio title={T.audioTitle} />
      </DemoSection>
      <DemoSection text={T.failed} testId="demo-player-failed">
        <DemoUnavailable message={TIMEOUT_ERROR_TEXT} />
      </DemoSection>
      <DemoSection text={T.noMedia} testId="demo-player-no-media">
        <DemoUnavailable message={null} />
      </DemoSection>
    </DemoPage>
  );
}
