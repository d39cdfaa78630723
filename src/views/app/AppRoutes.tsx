import { lazy, Suspense, useEffect } from 'react';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import { guardRedirect } from '../../domain/shared/routing';
import { paths } from '../../paths';
import { REDIRECTS, ROUTES } from '../../routes';
import type { RouteDef } from '../../routeTypes';
import { readToken } from '../../services/session.storage';
import { captureSource } from '../../services/source';
import { LoadingState } from '../common/LoadState';
import { Layout } from './Layout';
import { lazyView, ViewErrorBoundary } from './lazyView';
import { useIsLoggedIn } from './session';

const FluentScope = lazy(() => import('./FluentScope'));

function RoutePage({ route, params }: { route: RouteDef; params: Record<string, string | undefined> }) {
  const [location] = useLocation();
  const search = useSearch();
  // Both the session state and the cookie: an expired cookie ends access even before a 401.
  const loggedIn = useIsLoggedIn() && readToken() !== null;
  const target = guardRedirect(route, loggedIn, `${location}${search ? `?${search}` : ''}`);
  if (target) return <Redirect to={target} replace />;
  /* eslint-disable react-hooks/static-components -- lazyView() caches one lazy component per route, so View keeps its identity across renders. */
  const View = lazyView(route);
  return (
    <Layout kind={route.layout}>
      <ViewErrorBoundary key={location} path={route.path}>
        <Suspense fallback={<LoadingState />}>
          {route.plain ? (
            <View params={params} route={route} />
          ) : (
            <FluentScope>
              <View params={params} route={route} />
            </FluentScope>
          )}
        </Suspense>
      </ViewErrorBoundary>
    </Layout>
  );
  /* eslint-enable react-hooks/static-components */
}

export function AppRoutes() {
  const search = useSearch();
  useEffect(() => captureSource(search), [search]);
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
