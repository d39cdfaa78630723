import { useFlow } from '../../../app/AppContext';
import { homePageMachine } from '../../../machines/site/homePage.machine';
import { ErrorState } from '../../shared/LoadState';
import { usePageTitle } from '../../shared/usePageTitle';
import { HomeContent, HomeEmpty, HomeSkeleton } from './HomeSections';

// The blocks again for the component demo (/demo-components/home), through this module: imported from
// here, they stay in this route's one chunk instead of a chunk of their own on the home route.
export { HomeContent, HomeEmpty, HomeSkeleton };

export default function HomeView() {
  usePageTitle(undefined);
  const [state, send] = useFlow(homePageMachine);
  if (state.matches('loading')) return <HomeSkeleton />;
  if (state.matches('failed')) return <ErrorState message={state.context.error ?? ''} onRetry={() => send({ type: 'RETRY' })} />;
  if (state.matches('empty') || !state.context.data) return <HomeEmpty />;
  return <HomeContent data={state.context.data} />;
}
