/** /demo-components/home: the home page's own blocks (home/HomeSections.tsx) in each state its flow has. */
import { DEMO_TEXTS } from '../../../domain/site/demoComponents.texts';
import { ErrorState } from '../../shared/LoadState';
import { HomeContent, HomeEmpty, HomeSkeleton } from '../home/HomeView';
import { DemoPage, DemoSection } from './DemoPage';
import { HOME_FILLED, HOME_PARTIAL } from './demoFixtures';
import type { RouteViewProps } from '../../../routeTypes';

const T = DEMO_TEXTS.home;

export default function DemoHomeView({ route }: RouteViewProps) {
  return (
    <DemoPage title={T.title} routeTitle={route.title}>
      <DemoSection text={T.loading} testId="demo-home-loading">
        <HomeSkeleton />
      </DemoSection>
      <DemoSection text={T.empty} testId="demo-home-empty">
        <HomeEmpty />
      </DemoSection>
      <DemoSection text={T.error} testId="demo-home-error">
        {/* The demo has nothing to reload: the button is the real one, its click goes nowhere. */}
        <ErrorState message={T.errorMessage} onRetry={() => {}} />
      </DemoSection>
      <DemoSection text={T.filled} testId="demo-home-filled">
        <HomeContent data={HOME_FILLED} />
      </DemoSection>
      <DemoSection text={T.partial} testId="demo-home-partial">
        <HomeContent data={HOME_PARTIAL} />
      </DemoSection>
    </DemoPage>
  );
}
