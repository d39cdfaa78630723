/**
 * The WeChat-style JS bridge of the iOS and Android apps (product-spec §1). The app's webview
 * injects `window.WebViewJavascriptBridge`; the page registers 'userLogin', through which the app
 * logs the page in with a temporary code (or clears the login) so a user logged in to the app is
 * logged in to its web pages too. Loaded by main.tsx on demand, only inside the app.
 */
import { type BridgeResponse, isIosUserAgent, parseUserLoginData, USER_LOGIN_HANDLER } from '../../domain/account/appBridge';
import { ACCOUNT_CALLS } from '../../domain/account/calls';
import type { LoginResult } from '../../domain/account/contract';
import { call } from '../shared/http/client';

type ResponseCallback = (response: unknown) => void;
type BridgeHandler = (data: unknown, callback?: ResponseCallback) => void;

/** The part of marcuswestin's (iOS) and lzyzsd's (Android) bridges the page uses. */
export interface JsBridge {
  registerHandler(name: string, handler: BridgeHandler): void;
  /** Android (lzyzsd): messages from the app stay queued until the page calls init once. */
  init?(handler: BridgeHandler): void;
}

export interface BridgeWindow {
  WebViewJavascriptBridge?: JsBridge;
  /** iOS: callbacks the bridge calls once the app has injected it. */
  WVJBCallbacks?: ((bridge: JsBridge) => void)[];
}

/** The session events the bridge sends (the root session actor, or a test's spy). */
export interface BridgeSession {
  send(event: { type: 'session.loggedIn'; result: LoginResult } | { type: 'session.cleared' }): void;
}

/** The iOS bridge (WKWebViewJavascriptBridge) injects itself when the page loads this address. */
const IOS_BRIDGE_LOADED_URL = 'https://__bridge_loaded__';

/**
 * Calls `onReady` once with the bridge: at once when it is there, else when Android fires
 * 'WebViewJavascriptBridgeReady' or iOS runs the WVJBCallbacks queue, whichever comes first.
 */
export function connectBridge(onReady: (bridge: JsBridge) => void, win: Window & BridgeWindow = window): void {
  let connected = false;
  const ready = (bridge: JsBridge | undefined) => {
    if (connected || !bridge) return;
    connected = true;
    onReady(bridge);
  };
  if (win.WebViewJavascriptBridge) return ready(win.WebViewJavascriptBridge);
  win.document.addEventListener('WebViewJavascriptBridgeReady', () => ready(win.WebViewJavascriptBridge), { once: true });
  if (win.WVJBCallbacks) {
    win.WVJBCallbacks.push(ready);
    return;
  }
  win.WVJBCallbacks = [ready];
  if (!isIosUserAgent(win.navigator.userAgent)) return;
  const frame = win.document.createElement('iframe');
  frame.style.display = 'none';
  frame.src = IOS_BRIDGE_LOADED_URL;
  win.document.documentElement.appendChild(frame);
  setTimeout(() => frame.remove(), 0);
}

/** One 'userLogin' message: log in with the app's temporary code, or clear the login. */
export async function handleUserLogin(data: unknown, session: BridgeSession): Promise<BridgeResponse> {
  const request = parseUserLoginData(data);
  if (request.kind === 'logout') {
    // The app logged out on its side: the page forgets the session quietly and stays where it is.
    session.send({ type: 'session.cleared' });
    return { success: true };
  }
  try {
    // A short-lived code the app obtained for its own logged-in user.
    const result = await call(ACCOUNT_CALLS.loginByTempCode, { params: { code: request.code }, body: {} });
    session.send({ type: 'session.loggedIn', result });
    return { success: true };
  } catch (error) {
    // The client toasted the reason (e.g. 登录凭证无效或已过期); the app hears it too.
    return { success: false, message: error instanceof Error ? error.message : String(error) };
  }
}

export function registerHandlers(bridge: JsBridge, session: BridgeSession): void {
  if (typeof bridge.init === 'function') {
    try {
      bridge.init((_data, callback) => callback?.({}));
    } catch {
      // Already initialised by the app's own script: its queue is flowing.
    }
  }
  bridge.registerHandler(USER_LOGIN_HANDLER, (data, callback) => {
    void handleUserLogin(data, session).then((response) => callback?.(response));
  });
}

/** Installs the bridge's handlers for the session; the composition root calls it only inside the app. */
export function installAppBridge(session: BridgeSession, win: Window & BridgeWindow = window): void {
  connectBridge((bridge) => registerHandlers(bridge, session), win);
}
