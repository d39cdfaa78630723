import { lazy, Suspense, useEffect } from 'react';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import { useHasLiveSession } from '../../app/AppContext';
import { guardRedirect } from '../../domain/shared/routing';
import { showsCustomerService } from '../../domain/site/customerService';
import { paths } from '../../paths';
import { REDIRECTS, ROUTES } from '../../routes';
import type { RouteDef } from '../../routeTypes';
import { LoadingState } from '../shared/LoadState';
import { Layout } from './Layout';
import { lazyView, ViewErrorBoundary } from './lazyView';

const FluentScope = lazy(() => import('./FluentScope'));

/**
 * Marks the document once the page's view has rendered in the browser: on a page the server
 * rendered, once the app has taken it over (hydration), so its controls answer. Tests wait for it.
 */
export const APP_READY_ATTRIBUTE = 'data-app-ready';
function ReadyMark() {
  useEffect(() => {
    document.documentElement.setAttribute(APP_READY_ATTRIBUTE, '');
  }, []);
  return null;
}

function RoutePage({ route, params }: { route: RouteDef; params: Record<string, string | undefined> }) {
  const [location] = useLocation();
  const search = useSearch();
  const loggedIn = useHasLiveSession();
  const target = guardRedirect(route, loggedIn, `${location}${search ? `?${search}` : ''}`);
  if (target) return <Redirect to={target} replace />;
  /* eslint-disable react-hooks/static-components -- lazyView() caches one lazy component per route, so View keeps its identity across renders. */
  const View = lazyView(route);
  return (
    <Layout kind={route.layout} customerService={showsCustomerService(route.path)}>
      <ViewErrorBoundary key={location} path={route.path}>
        <Suspense fallback={<LoadingState fill={route.tall} />}>
          {route.plain ? (
            <View params={params} route={route} />
          ) : (
            <FluentScope>
              <View params={params} route={route} />
            </FluentScope>
          )}
          <ReadyMark />
        </Suspense>
      </ViewErrorBoundary>
    </Layout>
  );
  /* eslint-enable react-hooks/static-components */
}

export function AppRoutes() {
  return (
    <Switch>
      {REDIRECTS.map((r) => (
        <Route key={r.path} path={r.path}>
          <Redirect to={r.redirect} replace />
        </Route>
      ))}
      {ROUTES.map((route) => (
        <Route key={route.path} path={route.path}>
          {(params: Record<string, string | undefined>) => <RoutePage route={route} params={params} />}
        </Route>
      ))}
      <Route>
        <Redirect to={paths.notFound()} replace />
      </Route>
    </Switch>
  );
}
