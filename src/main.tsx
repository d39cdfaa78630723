import { startApp } from './app/start';
import { isAppWebView } from './domain/account/appWebView';
import { isMobileDevice, matchPath, mobileUrl, stripBase } from './domain/shared/routing';
import { ROUTES } from './routes';
import { applySiteVersion } from './services/shared/siteVersion';

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

if (!applySiteVersion() && !redirectToMobile()) startApp(document.getElementById('root')!);
