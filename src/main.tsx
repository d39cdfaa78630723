import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { isAppWebView } from './domain/account/appBridge';
import { isMobileDevice, matchPath, mobileUrl, stripBase } from './domain/shared/routing';
import { ROUTES } from './routes';
import { createAuthSession } from './services/authSession';
import { applySiteVersion } from './services/siteVersion';
import { App } from './views/app/App';

const MOBILE_ORIGIN = import.meta.env.VITE_MOBILE_ORIGIN;

/**
 * Phone and iPad visitors go to the same page of the mobile site, keeping params and query. The
 * app's own webviews stay: they load these pages on purpose and talk to them through the bridge.
 */
function redirectToMobile(): boolean {
  if (!MOBILE_ORIGIN || !isMobileDevice(navigator.userAgent, navigator.maxTouchPoints)) return false;
  if (isAppWebView(navigator.userAgent, window)) return false;
  const path = stripBase(window.location.pathname, import.meta.env.BASE_URL);
  for (const route of ROUTES) {
    const params = matchPath(route.path, path);
    if (params) {
      window.location.replace(`${MOBILE_ORIGIN}${mobileUrl(route.mobile, params, window.location.search)}`);
      return true;
    }
  }
  return false;
}

if (!applySiteVersion() && !redirectToMobile()) {
  const session = createAuthSession();
  // Inside the iOS/Android app only: the bridge loads on demand, so the web bundle does not carry
  // it. If its chunk fails to load the page still works, just without the app's login.
  if (isAppWebView(navigator.userAgent, window)) {
    import('./services/appBridge').then(({ installAppBridge }) => installAppBridge(session)).catch(() => {});
  }
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App session={session} />
    </StrictMode>,
  );
  // Development only: the live-actor panel (and the Stately inspector on demand). A production
  // build drops this branch and its chunk entirely.
  if (import.meta.env.DEV && import.meta.env.MODE !== 'test') {
    void import('./views/devtools/ActorPanel').then(({ default: ActorPanel }) => {
      const host = document.body.appendChild(document.createElement('div'));
      createRoot(host).render(<ActorPanel />);
    });
  }
}
