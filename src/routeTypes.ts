/** The shapes of the route table: views take RouteViewProps, so nothing but the router imports routes.ts. */
import type { ComponentType } from 'react';

export type Layout = 'main' | 'login' | 'bare';

export interface RouteViewProps {
  params: Record<string, string | undefined>;
  route: RouteDef;
}

export interface RouteDef {
  path: string;
  title: string;
  view: () => Promise<{ default: ComponentType<RouteViewProps> }>;
  auth: boolean;
  /** Only for visitors: a logged-in user is sent elsewhere (the login page). */
  guestOnly?: boolean;
  layout: Layout;
  /** The view uses no Fluent UI components, so Fluent's provider is not loaded for it. */
  plain?: boolean;
  /**
   * The page is always taller than a screen once loaded (lists, details): while its code loads,
   * the loading screen fills the screen, so the footer stays below the fold instead of showing
   * and then being pushed away (a layout shift).
   */
  tall?: boolean;
  /** The mobile site's page for this route; `:name` takes the route param. */
  mobile: string;
}

export interface RedirectDef {
  path: string;
  redirect: string;
}
