import { startApp } from './app/start';
import { isAppWebView } from './domain/account/appWebView';
import { mobileRedirectTarget, stripBase } from './domain/shared/routing';
import { REDIRECTS, ROUTES } from './routes';
import { applySiteVersion } from './services/shared/siteVersion';

/**
 * Phone and iPad visitors go to the same page of the mobile site (VITE_MOBILE_ORIGIN), keeping
 * params and query; the app's own webviews stay: they load these pages on purpose and talk to
 * them through the bridge. The rule is mobileRedirectTarget (src/domain/shared/routing.ts).
 */
function redirectToMobile(): boolean {
  // Tested here too, where the build can see it: without the setting none of this ships.
  if (!import.meta.env.VITE_MOBILE_ORIGIN) return false;
  const target = mobileRedirectTarget({
    mobileOrigin: import.meta.env.VITE_MOBILE_ORIGIN,
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints,
    path: stripBase(window.location.pathname, import.meta.env.BASE_URL),
    search: window.location.search,
    inAppWebView: isAppWebView(navigator.userAgent, window),
    routes: ROUTES,
    redirects: REDIRECTS,
  });
  if (target) window.location.replace(target);
  return target !== null;
}

if (!applySiteVersion() && !redirectToMobile()) startApp(document.getElementById('root')!);
