import { SITE_VERSION, STORAGE_KEYS, UI_STORAGE_KEYS } from '../../domain/shared/constants';
import { needsVersionReset } from '../../domain/shared/siteVersion';

/**
 * Runs before the app renders. A new site version clears the stored UI keys and reloads, so no
 * screen starts from state written by an older build. Returns true when a reload was started.
 */
export function applySiteVersion(reload: () => void = () => window.location.reload()): boolean {
  const stored = localStorage.getItem(STORAGE_KEYS.siteVersion);
  localStorage.setItem(STORAGE_KEYS.siteVersion, SITE_VERSION);
  if (!needsVersionReset(stored)) return false;
  for (const key of UI_STORAGE_KEYS) {
    localStorage.removeItem(key);
    sessionStorage.removeItem(key);
  }
  reload();
  return true;
}
