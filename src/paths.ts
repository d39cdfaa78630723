/** Paths of the site's pages (without the /new base). */
export const LOGIN_PATH = '/uc/login';
export const LOGGED_IN_HOME = '/uc/account-manage';
export const NOT_FOUND_PATH = '/404';
export const BIND_PHONE_PATH = '/uc/bindphone';
export const FORGOT_PASSWORD_PATH = '/uc/forgot-password';
export const USER_AGREEMENT_PATH = '/hc/user-agreement';
export const PRIVACY_POLICY_PATH = '/hc/privacy-policy';
