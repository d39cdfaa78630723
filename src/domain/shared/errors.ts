/** The error catalogue of product-spec §8: one source of texts for the client and the server. */
export const HTTP_ERROR_TEXTS: Readonly<Record<number, string>> = {
  403: '拒绝访问(403)',
  404: '请求出错(404)',
  408: '请求超时(408)',
  500: '服务器错误(500)',
  501: '服务未实现(501)',
  502: '网络错误(502)',
  503: '服务不可用(503)',
  504: '网络超时(504)',
  505: 'HTTP版本不受支持(505)',
};

export const FALLBACK_ERROR_TEXT = '请求失败，请重试';

export const NETWORK_ERROR_TEXT = '请求异常, 请重试';

export const TIMEOUT_ERROR_TEXT = '网络不稳定，请稍候再试';

/** No answer, and the browser says it is offline: the page says so plainly (issue 23). */
export const OFFLINE_ERROR_TEXT = '网络已断开，请连接网络后重试';

export const UNAUTHORIZED_TEXT = '登录已失效，请重新登录';

export const BAD_REQUEST_TEXT = '请求参数有误';

export const TOO_MANY_REQUESTS_TEXT = '操作过于频繁，请稍后再试';

export const MODULE_NOT_FOUND_CODE = 'MODULE_NOT_FOUND';

/** A message mentioning a timeout is shown as the friendlier network text. */
export function normalizeErrorMessage(message: string | undefined | null): string {
  if (!message) return FALLBACK_ERROR_TEXT;
  if (/timeout/i.test(message)) return TIMEOUT_ERROR_TEXT;
  return message;
}

export function httpErrorText(status: number): string | undefined {
  return HTTP_ERROR_TEXTS[status];
}
