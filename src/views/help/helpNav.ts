/** The pages of the help centre (/hc), in menu order. Paths are relative to the app base. */

export interface HelpNavItem {
  readonly path: string;
  readonly label: string;
}

export const HELP_NAV: readonly HelpNavItem[] = [
  { path: '/hc/pay-type', label: '支付方式' },
  { path: '/hc/site-stated', label: '网站声明' },
  { path: '/hc/user-agreement', label: '用户协议' },
  { path: '/hc/privacy-policy', label: '隐私政策' },
];

/** Where /hc itself leads. */
export const HELP_DEFAULT_PATH = '/hc/site-stated';

/** Whether `location` (relative to the app base) shows the help page at `path`. Bare /hc counts as the default page. */
export function isHelpNavActive(location: string, path: string): boolean {
  const current = location.replace(/\/+$/, '') || '/';
  if (current === '/hc') return path === HELP_DEFAULT_PATH;
  return current === path;
}
