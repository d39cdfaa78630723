/** The site version kept in storage; a new version resets the UI keys. */
import { SITE_VERSION } from './constants';

/** A stored site version that differs from the running one means stale UI keys must go. */
export function needsVersionReset(storedVersion: string | null, currentVersion: string = SITE_VERSION): boolean {
  return storedVersion !== null && storedVersion !== currentVersion;
}
