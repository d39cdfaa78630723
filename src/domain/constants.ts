/** Business constants of product-spec §9. One definition, used by the client and the server. */

export const SITE_NAME = '学途';
export const SITE_VERSION = '2.5.0';
/** Default document title; pages prepend their own title: `${title} - ${DEFAULT_PAGE_TITLE}`. */
export const DEFAULT_PAGE_TITLE = '学途网校 - 职业资格考试在线学习平台';
export const DEFAULT_SLOGAN = '随时随地学习，助力高效备考';

export const REQUEST_TIMEOUT_MS = 30_000;
export const TOAST_DURATION_MS = 2_000;
/** The toast after any login; here, not only in ACCOUNT_TEXTS, so the app shell shows it without carrying every account text (home-route budget). */
export const LOGIN_SUCCESS_TEXT = '登录成功';
export const SMS_COUNTDOWN_SECONDS = 60;

export const PHONE_LENGTH = 11;
export const SMS_CODE_LENGTH = 6;
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 18;

/** The token cookie expires this long before the server's expirationTimestamp. */
export const SESSION_EXPIRY_MARGIN_MS = 2 * 60 * 60 * 1000;
export const USER_INFO_REFRESH_DAYS = 7;
export const INTENDED_PROJECT_COOKIE_DAYS = 365;

export const DELETE_CONFIRM = { title: '删除确认', content: '您确认要删除吗？' } as const;
/** Default dialog widths in px, from the widest general dialog down to the login modal. */
export const DIALOG_WIDTHS = { large: 640, wide: 680, small: 432, login: 448 } as const;

export const STUDY_PERCENTAGE_CAP = 100;
export const DEFAULT_LEARNED_TIME = 5;

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

export const COURSE_TYPES = ['SYS', 'PACK', 'EXP', 'FREE', 'ADD'] as const;
export type CourseType = (typeof COURSE_TYPES)[number];
export const COURSE_TYPE_LABELS: Record<CourseType, string> = {
  SYS: '系统课',
  PACK: '课程包',
  EXP: '训练营',
  FREE: '公开课',
  ADD: '加购课',
};

export const GENDERS = ['MALE', 'FEMALE', 'UNKNOWN'] as const;
export type Gender = (typeof GENDERS)[number];

export const SMS_REQUEST_TYPES = ['REGISTER', 'FORGETPWD', 'BINDPHONE'] as const;
export type SmsRequestType = (typeof SMS_REQUEST_TYPES)[number];

export const QUESTION_TYPES = ['SINGLE', 'MULTIPLE', 'INDEFINITE', 'JUDGE', 'FILL', 'SHORT_ANSWER', 'CASE'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  SINGLE: '单项选择题',
  MULTIPLE: '多项选择题',
  INDEFINITE: '不定项选择题',
  JUDGE: '判断题',
  FILL: '填空题',
  SHORT_ANSWER: '简答题',
  CASE: '案例分析题',
};

export const COURSEWARE_TYPES = ['VIDEO', 'AUDIO', 'EBOOK', 'PAPER', 'LIVE'] as const;
export type CoursewareType = (typeof COURSEWARE_TYPES)[number];

/** The three build environments (Vite modes). */
export const BUILD_MODES = ['test', 'uat', 'prod'] as const;
export type BuildMode = (typeof BUILD_MODES)[number];
