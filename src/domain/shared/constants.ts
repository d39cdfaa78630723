/** Site-wide constants of product-spec §9 that belong to no one area. */

export const SITE_NAME = '学途';

export const SITE_VERSION = '2.5.0';

/** Default document title; pages prepend their own title: `${title} - ${DEFAULT_PAGE_TITLE}`. */
export const DEFAULT_PAGE_TITLE = '学途网校 - 职业资格考试在线学习平台';

export const DEFAULT_SLOGAN = '随时随地学习，助力高效备考';

export const REQUEST_TIMEOUT_MS = 30_000;

export const TOAST_DURATION_MS = 2_000;
/** The toast after any login; here, not only in ACCOUNT_TEXTS, so the app shell shows it without carrying every account text (home-route budget). */
export const LOGIN_SUCCESS_TEXT = '登录成功';

export const DELETE_CONFIRM = { title: '删除确认', content: '您确认要删除吗？' } as const;

/** Default dialog widths in px, from the widest general dialog down to the login modal. */
export const DIALOG_WIDTHS = { large: 640, wide: 680, small: 432, login: 448 } as const;

export const TERMINAL_TYPE = 'PC';

/** Names of cookies and storage keys. UI keys are cleared when the site version changes. */
export const STORAGE_KEYS = {
  tokenCookie: 'xt_token',
  userInfoRefreshCookie: 'xt_userinfo_fresh',
  intendedProjectCookie: 'xt_project',
  user: 'xt_user',
  source: 'xt_source',
  siteVersion: 'xt_site_version',
  smsCountdownPrefix: 'xt_sms_countdown:',
} as const;

/** Keys of UI state (not the session) that a new site version resets. */
export const UI_STORAGE_KEYS: readonly string[] = ['xt_ui_course_filters', 'xt_ui_qb_tab', 'xt_ui_player_rate', 'xt_ui_notice_dismissed'];

/** The three build environments (Vite modes). */
export const BUILD_MODES = ['test', 'uat', 'prod'] as const;

export type BuildMode = (typeof BUILD_MODES)[number];
