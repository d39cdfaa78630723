/** The device limit's pure rules: a session's kind, the device and browser read from a user agent, the masked address, and the settings' parsing. */
import { describe, expect, it } from 'vitest';
import { APP_USER_AGENT_MARK } from '../../../src/domain/account/appWebView';
import { browserOf, deviceOf, maskIp, sessionKindOf } from '../../../src/domain/account/device';
import {
  DEFAULT_DEVICE_LIMIT,
  deviceLimitScopeSetting,
  deviceLimitSetting,
  MAX_DEVICE_LIMIT,
  NO_DEVICE_LIMIT,
  SITE_SETTING_KEYS,
} from '../../../src/domain/site/settings';

/** Real user agents, as the browsers send them. */
const UA = {
  windowsChrome: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  windowsEdge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.2849.80',
  macSafari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Safari/605.1.15',
  macFirefox: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:132.0) Gecko/20100101 Firefox/132.0',
  iPhoneSafari: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  iPhoneWechat:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800322c) NetType/WIFI Language/zh_CN',
  iPadChrome: 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  androidChrome: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  androidTablet: 'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  androidWechat:
    'Mozilla/5.0 (Linux; Android 14; V2309A Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160117 MMWEBSDK/20240301 MMWEBID/1234 MicroMessenger/8.0.49.2600(0x28003133) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
  androidQq:
    'Mozilla/5.0 (Linux; U; Android 13; zh-cn; PHB110 Build/TP1A.220905.001) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/109.0.5414.86 MQQBrowser/14.9 Mobile Safari/537.36',
  harmony:
    'Mozilla/5.0 (Phone; OpenHarmony 4.2) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.0.0 Safari/537.36 ArkWeb/4.1.6.1 Mobile HuaweiBrowser/5.0.4.300',
  linuxFirefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  headless: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
  app: `Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 ${APP_USER_AGENT_MARK}/3.2.0`,
} as const;

describe('a session kind', () => {
  it("is 'app' when the user agent carries our app's mark, else 'web'", () => {
    expect(sessionKindOf(UA.app)).toBe('app');
    for (const ua of [UA.windowsChrome, UA.iPhoneWechat, '', null, undefined]) expect(sessionKindOf(ua)).toBe('web');
  });
});

describe('the device and browser of a user agent', () => {
  it.each([
    [UA.windowsChrome, 'Windows 电脑', 'Chrome 131'],
    [UA.windowsEdge, 'Windows 电脑', 'Edge 130'],
    [UA.macSafari, 'Mac 电脑', 'Safari'],
    [UA.macFirefox, 'Mac 电脑', 'Firefox 132'],
    [UA.iPhoneSafari, 'iPhone', 'Safari'],
    [UA.iPhoneWechat, 'iPhone', '微信'],
    [UA.iPadChrome, 'iPad', 'Chrome 131'],
    [UA.androidChrome, 'Android 手机', 'Chrome 131'],
    [UA.androidTablet, 'Android 平板', 'Chrome 131'],
    [UA.androidWechat, 'Android 手机', '微信'],
    [UA.androidQq, 'Android 手机', 'QQ 浏览器 14'],
    [UA.harmony, '鸿蒙手机', '华为浏览器 5'],
    [UA.linuxFirefox, 'Linux 电脑', 'Firefox 128'],
    [UA.headless, 'Linux 电脑', 'Chrome 131'],
    [UA.app, 'iPhone', '学途 App'],
  ])('%s → %s, %s', (ua, device, browser) => {
    expect(deviceOf(ua)).toBe(device);
    expect(browserOf(ua)).toBe(browser);
  });

  it('names neither when there is nothing to read', () => {
    for (const ua of ['', null, undefined, 'curl/8.5.0']) {
      expect(deviceOf(ua)).toBe('未知设备');
      expect(browserOf(ua)).toBe('未知浏览器');
    }
  });
});

describe('the masked address', () => {
  it('keeps the network of an IPv4 address, never the host', () => {
    expect(maskIp('113.88.10.20')).toBe('113.88.*.*');
    expect(maskIp(' 10.0.0.1 ')).toBe('10.0.*.*');
    expect(maskIp('::ffff:113.88.10.20')).toBe('113.88.*.*');
  });

  it('keeps the first two groups of an IPv6 address', () => {
    expect(maskIp('2408:8207:2c:1::5')).toBe('2408:8207::*');
    expect(maskIp('2408:8207:002c:0001:0000:0000:0000:0005')).toBe('2408:8207::*');
    expect(maskIp('FE80::1')).toBe('fe80:0::*');
    expect(maskIp('::1')).toBe('0:0::*');
  });

  it('says 未知 for anything that is not an address', () => {
    for (const ip of ['unknown', '', null, undefined, '1.2.3', 'a:b:c', '12345::1', 'host.example']) expect(maskIp(ip)).toBe('未知');
  });
});

describe('the device limit settings', () => {
  it('are read from their site params', () => {
    expect(SITE_SETTING_KEYS.deviceLimit).toBe('account.deviceLimit');
    expect(SITE_SETTING_KEYS.deviceLimitScope).toBe('account.deviceLimitScope');
  });

  it('take a whole number from 1 to 20; anything else is the default of 2, never "no limit"', () => {
    expect(DEFAULT_DEVICE_LIMIT).toBe(2);
    expect(deviceLimitSetting('1')).toBe(1);
    expect(deviceLimitSetting(' 5 ')).toBe(5);
    expect(deviceLimitSetting(String(MAX_DEVICE_LIMIT))).toBe(MAX_DEVICE_LIMIT);
    for (const value of [null, undefined, '', '-1', '2.5', '21', 'many', 'Infinity', '00']) expect(deviceLimitSetting(value)).toBe(DEFAULT_DEVICE_LIMIT);
    // 0: the school does not limit devices (the e2e run's setting: its tests log the demo students in many times at once).
    expect(deviceLimitSetting('0')).toBe(NO_DEVICE_LIMIT);
    expect(deviceLimitSetting(' 0 ')).toBe(NO_DEVICE_LIMIT);
  });

  it("count web and app together unless the scope says 'separate'", () => {
    expect(deviceLimitScopeSetting('separate')).toBe('separate');
    expect(deviceLimitScopeSetting(' SEPARATE ')).toBe('separate');
    for (const value of [null, undefined, '', 'together', 'apart']) expect(deviceLimitScopeSetting(value)).toBe('together');
  });
});
