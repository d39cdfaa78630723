/** The intended-project cookie: remembers the user's exam project on this browser for 365 days. */
import Cookies from 'js-cookie';
import { encodeIntendedProject, type IntendedProject, parseIntendedProject } from '../../domain/account/intendedProject';
import { INTENDED_PROJECT_COOKIE_DAYS } from '../../domain/account/limits';
import { STORAGE_KEYS } from '../../domain/shared/constants';

export function readIntendedProject(): IntendedProject | null {
  return parseIntendedProject(Cookies.get(STORAGE_KEYS.intendedProjectCookie));
}

export function writeIntendedProject(project: IntendedProject): void {
  Cookies.set(STORAGE_KEYS.intendedProjectCookie, encodeIntendedProject(project), {
    path: '/',
    sameSite: 'Lax',
    expires: INTENDED_PROJECT_COOKIE_DAYS,
  });
}
