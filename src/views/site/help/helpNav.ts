/** The pages of the help centre (/hc), in menu order. Paths are relative to the app base. */
import { defaultChildOf, paths, PATTERNS } from '../../../paths';

export interface HelpNavItem {
  readonly path: string;
  readonly label: string;
}

export const HELP_NAV: readonly HelpNavItem[] = [
  { path: paths.payType(), label: '支付方式' },
  { path: paths.siteStated(), label: '网站声明' },
  { path: paths.userAgreement(), label: '用户协议' },
  { path: paths.privacyPolicy(), label: '隐私政策' },
];

/** Where /hc itself leads. */
export const HELP_DEFAULT_PATH = defaultChildOf(PATTERNS.helpCentre);

/** Whether `location` (relative to the app base) shows the help page at `path`. Bare /hc counts as the default page. */
export function isHelpNavActive(location: string, path: string): boolean {
  const current = location.replace(/\/+$/, '') || '/';
  if (current === PATTERNS.helpCentre) return path === HELP_DEFAULT_PATH;
  return current === path;
}
