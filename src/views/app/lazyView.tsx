import { Component, lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import type { RouteDef, RouteViewProps } from '../../routeTypes';
import { ModuleNotFoundView } from './ModuleNotFoundView';

/** A view's code could not be loaded (missing chunk after a release, network failure). */
export class ModuleLoadError extends Error {
  constructor(
    readonly path: string,
    cause: unknown,
  ) {
    super(`Module not found for ${path}`, { cause });
    this.name = 'ModuleLoadError';
  }
}

const cache = new Map<RouteDef, LazyExoticComponent<ComponentType<RouteViewProps>>>();

export function lazyView(route: RouteDef): LazyExoticComponent<ComponentType<RouteViewProps>> {
  let view = cache.get(route);
  if (!view) {
    view = lazy(() =>
      route.view().catch((error: unknown) => {
        throw new ModuleLoadError(route.path, error);
      }),
    );
    cache.set(route, view);
  }
  return view;
}

interface BoundaryState {
  error: Error | null;
}

/** Catches a failed view load and shows the module-not-found screen instead of a blank page. */
export class ViewErrorBoundary extends Component<{ path: string; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): BoundaryState {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return <ModuleNotFoundView path={error instanceof ModuleLoadError ? error.path : this.props.path} />;
  }
}
