/** Whether the page runs inside the iOS/Android app (product-spec §1); read at start-up, before anything loads. */

/** The app's webviews append this to their user agent. */
export const APP_USER_AGENT_MARK = 'XuetuApp';

/** In the app: its user agent, or a bridge the app injected (or the iOS bridge's callback queue). */
export function isAppWebView(userAgent: string, win: object): boolean {
  return userAgent.includes(APP_USER_AGENT_MARK) || 'WebViewJavascriptBridge' in win || 'WVJBCallbacks' in win;
}
