/** The start-up mobile redirect (issue 20 point 5): mobileRedirectTarget over the real route table. */
import { describe, expect, it } from 'vitest';
import { isAppWebView } from '../../../src/domain/account/appWebView';
import { mobileRedirectTarget, type MobileRedirectInput } from '../../../src/domain/shared/routing';
import { REDIRECTS, ROUTES } from '../../../src/routes';

const UA = {
  iPhone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  oldIpad: 'Mozilla/5.0 (iPad; CPU OS 12_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1 Mobile/15E148 Safari/604.1',
  // iPadOS 13+ asks for desktop pages: a Mac's user agent; only the touch points tell.
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
};

const ORIGIN = 'https://m.xuetu.test';

function target(over: Partial<MobileRedirectInput>): string | null {
  return mobileRedirectTarget({
    mobileOrigin: ORIGIN,
    userAgent: UA.iPhone,
    maxTouchPoints: 5,
    path: '/course/detail/5',
    search: '?qd=abc&x=1',
    inAppWebView: false,
    routes: ROUTES,
    redirects: REDIRECTS,
    ...over,
  });
}

describe('mobileRedirectTarget', () => {
  it('sends an iPhone to the mapped page with the route param and the query kept', () => {
    expect(target({})).toBe(`${ORIGIN}/pages/course/detail?courseId=5&qd=abc&x=1`);
  });
  it('sends an Android phone', () => {
    expect(target({ userAgent: UA.android, path: '/course-player/7', search: '?coursewareId=3' })).toBe(`${ORIGIN}/pages/course/player?id=7&coursewareId=3`);
  });
  it('sends an iPad with its old user agent', () => {
    expect(target({ userAgent: UA.oldIpad, maxTouchPoints: 5 })).toBe(`${ORIGIN}/pages/course/detail?courseId=5&qd=abc&x=1`);
  });
  it('sends iPadOS, a Mac user agent with touch points', () => {
    expect(target({ userAgent: UA.mac, maxTouchPoints: 5 })).toBe(`${ORIGIN}/pages/course/detail?courseId=5&qd=abc&x=1`);
  });
  it('keeps a desktop Mac (no touch points) and a Windows PC', () => {
    expect(target({ userAgent: UA.mac, maxTouchPoints: 0 })).toBeNull();
    expect(target({ userAgent: UA.windows, maxTouchPoints: 0 })).toBeNull();
  });
  it('keeps the app webviews: their user agent mark or an injected bridge', () => {
    expect(target({ userAgent: `${UA.iPhone} XuetuApp/2.5.0`, inAppWebView: isAppWebView(`${UA.iPhone} XuetuApp/2.5.0`, {}) })).toBeNull();
    expect(target({ userAgent: UA.android, inAppWebView: isAppWebView(UA.android, { WebViewJavascriptBridge: {} }) })).toBeNull();
    expect(target({ userAgent: UA.iPhone, inAppWebView: isAppWebView(UA.iPhone, { WVJBCallbacks: [] }) })).toBeNull();
  });
  it('does nothing without a mobile origin', () => {
    expect(target({ mobileOrigin: undefined })).toBeNull();
    expect(target({ mobileOrigin: '' })).toBeNull();
    expect(target({ mobileOrigin: '  ' })).toBeNull();
  });
  it('takes an origin with a trailing slash', () => {
    expect(target({ mobileOrigin: `${ORIGIN}/` })).toBe(`${ORIGIN}/pages/course/detail?courseId=5&qd=abc&x=1`);
  });
  it('maps a page without params and without a query, and the home page', () => {
    expect(target({ path: '/about', search: '' })).toBe(`${ORIGIN}/pages/about/index`);
    expect(target({ path: '/', search: '?qd=abc' })).toBe(`${ORIGIN}/pages/index/index?qd=abc`);
  });
  it('fills several params and an optional one left out', () => {
    expect(target({ path: '/question-bank/learn-center/12/34', search: '' })).toBe(`${ORIGIN}/pages/question-bank/answer?paperId=12&recordId=34`);
    expect(target({ path: '/question-bank/learn-center/12', search: '' })).toBe(`${ORIGIN}/pages/question-bank/answer?paperId=12&recordId=`);
  });
  it('follows a section path to its default page', () => {
    expect(target({ path: '/uc', search: '' })).toBe(`${ORIGIN}/pages/user/profile`);
  });
  it('encodes a param and keeps an encoded query as it came', () => {
    expect(target({ path: '/course/detail/a%20b', search: '?q=%E4%B8%80%E5%BB%BA' })).toBe(`${ORIGIN}/pages/course/detail?courseId=a%20b&q=%E4%B8%80%E5%BB%BA`);
  });
  it('stays on a path no route knows', () => {
    expect(target({ path: '/no/such/page' })).toBeNull();
  });
});
