/**
 * The composition root's start: the session actor, the app bridge (inside the iOS/Android app
 * only, loaded on demand), the React tree, and in development the live-actor panel. (The offline
 * shell's service worker is registered by the shell's foot line, src/views/app/NetworkNotices.tsx.)
 */
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { isAppWebView } from '../domain/account/appWebView';
import { stripBase } from '../domain/shared/routing';
import { PATTERNS } from '../paths';
import { prefetchCourseDetail } from '../services/catalog/courseDetail.data';
import { prefetchCourseList } from '../services/catalog/courseList.data';
import { prefetchHomeData } from '../services/site/home.data';
import { App } from './App';
import { createAuthSession } from './authSession';

/** A page the app renders itself: its data is asked for now, in parallel with its view's code. */
function prefetchPageData(): void {
  // The home page's (see prefetchHomeData).
  const path = stripBase(window.location.pathname, import.meta.env.BASE_URL);
  if (path === PATTERNS.home) prefetchHomeData();
  // So are a course list's (the other page the bench measures on a phone).
  prefetchCourseList(path, window.location.search);
  // And a course's page: its cover, the largest paint on a phone, starts loading with the data,
  // not once the page's code has arrived and rendered.
  prefetchCourseDetail(path)
    ?.then(({ details }) => {
      const cover = new Image();
      cover.fetchPriority = 'high';
      cover.src = details.cover;
    })
    .catch(() => {});
}

export function startApp(container: HTMLElement): void {
  const session = createAuthSession();
  // A public page the server rendered with its data (server/plugins/serverPages.ts) needs no
  // early asks: the app takes its HTML over as it is, its machine starting from the same data
  // (services/shared/serverData.ts).
  const serverRendered = container.hasAttribute('data-server-rendered');
  if (!serverRendered) prefetchPageData();
  // Inside the iOS/Android app only: the bridge loads on demand, so the web bundle does not carry
  // it. If its chunk fails to load the page still works, just without the app's login.
  if (isAppWebView(navigator.userAgent, window)) {
    import('../services/account/jsBridge').then(({ installAppBridge }) => installAppBridge(session)).catch(() => {});
  }
  const app = (
    <StrictMode>
      <App session={session} />
    </StrictMode>
  );
  // Hydration as a transition: React takes the page over in slices and lets the browser breathe
  // between them (as a default update it would be one long task), and the page is already on screen.
  if (serverRendered) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
  // Development only: the live-actor panel (and the Stately inspector on demand). A production
  // build drops this branch and its chunk entirely.
  if (import.meta.env.DEV && import.meta.env.MODE !== 'test') {
    void import('./devtools').then(({ mountDevtools }) => mountDevtools());
  }
}
