/**
 * What the session list shows of a device, from what the server kept of its login: the user agent
 * read by a few plain rules (no user-agent library: the list needs a kind of device and a browser,
 * not a fingerprint) and the address masked. Pure: the server applies them when it answers the list.
 */
import { APP_USER_AGENT_MARK } from './appWebView';
import { DEVICE_TEXTS } from './devices.texts';

/** How the device limit may count a session: our app's webview ('app') or any browser ('web'). */
export const SESSION_KINDS = ['web', 'app'] as const;

export type SessionKind = (typeof SESSION_KINDS)[number];

/** 'app' when the user agent carries our app's mark (src/domain/account/appWebView.ts), else 'web'. */
export function sessionKindOf(userAgent: string | null | undefined): SessionKind {
  return userAgent?.includes(APP_USER_AGENT_MARK) ? 'app' : 'web';
}

/** The kind of device and its system: 'iPhone', 'Android 手机', 'Windows 电脑', 'Mac 电脑'… */
export function deviceOf(userAgent: string | null | undefined): string {
  const ua = userAgent ?? '';
  if (/iPhone|iPod/.test(ua)) return 'iPhone';
  if (/iPad/.test(ua)) return 'iPad';
  if (/HarmonyOS|OpenHarmony/i.test(ua)) return /Tablet|Pad/i.test(ua) ? `鸿蒙${DEVICE_TEXTS.tablet}` : `鸿蒙${DEVICE_TEXTS.phone}`;
  if (/Android/.test(ua)) return /Mobile/.test(ua) ? `Android ${DEVICE_TEXTS.phone}` : `Android ${DEVICE_TEXTS.tablet}`;
  if (/Windows Phone/.test(ua)) return `Windows ${DEVICE_TEXTS.phone}`;
  if (/Windows/.test(ua)) return `Windows ${DEVICE_TEXTS.computer}`;
  if (/CrOS/.test(ua)) return `ChromeOS ${DEVICE_TEXTS.computer}`;
  if (/Macintosh|Mac OS X/.test(ua)) return `Mac ${DEVICE_TEXTS.computer}`;
  if (/Linux|X11/.test(ua)) return `Linux ${DEVICE_TEXTS.computer}`;
  return DEVICE_TEXTS.unknownDevice;
}

/** Names and marks in the order they are looked for: an in-app browser before the engine it runs on, Edge and Opera before Chrome. */
const BROWSERS: readonly { name: string; pattern: RegExp; version?: boolean }[] = [
  { name: DEVICE_TEXTS.ourApp, pattern: new RegExp(APP_USER_AGENT_MARK) },
  { name: '企业微信', pattern: /wxwork/i },
  { name: '微信', pattern: /MicroMessenger/i },
  { name: '钉钉', pattern: /DingTalk/i },
  { name: '支付宝', pattern: /AlipayClient/i },
  { name: 'QQ 浏览器', pattern: /M?QQBrowser\/(\d+)/, version: true },
  { name: 'QQ', pattern: /\bQQ\/\d/ },
  { name: '百度', pattern: /baiduboxapp|baidubrowser/i },
  { name: 'UC 浏览器', pattern: /UCBrowser\/(\d+)/, version: true },
  { name: '夸克', pattern: /Quark\/(\d+)/, version: true },
  { name: '华为浏览器', pattern: /HuaweiBrowser\/(\d+)/, version: true },
  { name: '小米浏览器', pattern: /MiuiBrowser\/(\d+)/, version: true },
  { name: '三星浏览器', pattern: /SamsungBrowser\/(\d+)/, version: true },
  { name: 'Edge', pattern: /Edg(?:e|A|iOS)?\/(\d+)/, version: true },
  { name: 'Opera', pattern: /(?:OPR|Opera)\/(\d+)/, version: true },
  { name: 'Firefox', pattern: /(?:Firefox|FxiOS)\/(\d+)/, version: true },
  { name: 'Chrome', pattern: /(?:Chrome|CriOS)\/(\d+)/, version: true },
  { name: 'Safari', pattern: /Version\/[\d.]+.*Safari\// },
];

/** The browser (or app) and its major version where it tells one: 'Chrome 131', '微信', 'Safari', '学途 App'. */
export function browserOf(userAgent: string | null | undefined): string {
  const ua = userAgent ?? '';
  for (const browser of BROWSERS) {
    const match = browser.pattern.exec(ua);
    if (match) return browser.version && match[1] ? `${browser.name} ${match[1]}` : browser.name;
  }
  return DEVICE_TEXTS.unknownBrowser;
}

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/;

/**
 * The address as the list shows it: the network only, never the host. IPv4 keeps its first two
 * parts (113.88.*.*), IPv6 its first two groups (2408:8207::*); anything else is 未知.
 */
export function maskIp(ip: string | null | undefined): string {
  const text = (ip ?? '').trim().replace(/^::ffff:/i, '');
  const v4 = IPV4.exec(text);
  if (v4) return `${v4[1]}.${v4[2]}.*.*`;
  if (/^[0-9a-f:]+$/i.test(text) && text.includes(':')) {
    const compressed = text.includes('::');
    // Before '::' are the leading groups; a leading '::' stands for groups of zeros.
    const groups = (compressed ? text.slice(0, text.indexOf('::')) : text).split(':').filter((g) => g !== '');
    if (compressed) while (groups.length < 2) groups.push('0');
    const [a, b] = groups;
    const valid = (compressed || groups.length === 8) && groups.every((g) => g.length <= 4);
    if (valid && a && b) return `${a.toLowerCase()}:${b.toLowerCase()}::*`;
  }
  return DEVICE_TEXTS.unknownPlace;
}
