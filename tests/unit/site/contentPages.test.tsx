import type { ReactElement } from 'react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { DEFAULT_PAGE_TITLE, DEFAULT_SLOGAN } from '../../../src/domain/shared/constants';
import { APP_DOWNLOAD } from '../../../src/domain/site/appDownload';
import { SITE } from '../../../src/domain/site/facts';
import PayTypeView from '../../../src/views/site/help/PayTypeView';
import PrivacyPolicyView from '../../../src/views/site/help/PrivacyPolicyView';
import SiteStatedView from '../../../src/views/site/help/SiteStatedView';
import UserAgreementView from '../../../src/views/site/help/UserAgreementView';
import { HELP_NAV, isHelpNavActive } from '../../../src/views/site/help/helpNav';
import DownloadAppView from '../../../src/views/site/pages/DownloadAppView';
import NotFoundView from '../../../src/views/site/pages/NotFoundView';
import TransferView, { classifyTransferTarget } from '../../../src/views/site/pages/TransferView';

function renderAt(ui: ReactElement, path: string, base = '') {
  const location = memoryLocation({ path, record: true });
  const result = render(
    <FluentProvider theme={webLightTheme}>
      <Router hook={location.hook} searchHook={location.searchHook} base={base}>
        {ui}
      </Router>
    </FluentProvider>,
  );
  return { ...result, location };
}

const titled = (title: string) => `${title} - ${DEFAULT_PAGE_TITLE}`;

describe('NotFoundView', () => {
  it('shows the message, the illustration and links home and to the courses', () => {
    renderAt(<NotFoundView />, '/404');
    expect(screen.getByRole('heading', { level: 1, name: '页面不存在或已被删除' })).toBeTruthy();
    expect(screen.getByRole('img', { name: '页面未找到插图' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: '浏览课程' }).getAttribute('href')).toBe('/course/pro-course');
    expect(document.title).toBe(titled('页面不存在'));
  });

  it('links carry the router base', () => {
    renderAt(<NotFoundView />, '/404', '/new');
    expect(screen.getByRole('link', { name: '浏览课程' }).getAttribute('href')).toBe('/new/course/pro-course');
  });

  it('navigates inside the app on click', () => {
    const { location } = renderAt(<NotFoundView />, '/404');
    screen.getByRole('link', { name: '浏览课程' }).click();
    expect(location.history.at(-1)).toBe('/course/pro-course');
  });
});

describe('DownloadAppView', () => {
  it('shows QR codes that encode the download URLs, the store links and version info', () => {
    renderAt(<DownloadAppView />, '/download-app');
    expect(screen.getByRole('heading', { level: 1, name: '学途 App' })).toBeTruthy();
    expect(screen.getByText(DEFAULT_SLOGAN)).toBeTruthy();

    const iosQr = screen.getByRole('img', { name: /iPhone/ });
    const androidQr = screen.getByRole('img', { name: /Android/ });
    expect(iosQr.getAttribute('src')).toBe('/static/qrcode?text=' + encodeURIComponent(APP_DOWNLOAD.iosUrl));
    expect(androidQr.getAttribute('src')).toBe('/static/qrcode?text=' + encodeURIComponent(APP_DOWNLOAD.androidUrl));
    expect(androidQr.getAttribute('src')).toContain('https%3A%2F%2F');
    expect(screen.getAllByText('扫码下载')).toHaveLength(2);

    const ios = screen.getByRole('link', { name: 'App Store 下载' });
    const android = screen.getByRole('link', { name: '下载 Android 版' });
    expect(ios.getAttribute('href')).toBe(APP_DOWNLOAD.iosUrl);
    expect(android.getAttribute('href')).toBe(APP_DOWNLOAD.androidUrl);
    expect(android.getAttribute('rel')).toBe('noopener noreferrer');

    for (const f of APP_DOWNLOAD.features) expect(screen.getByRole('heading', { name: f.title })).toBeTruthy();
    expect(screen.getByText('V2.5.0')).toBeTruthy();
    expect(screen.getByText(APP_DOWNLOAD.size)).toBeTruthy();
    expect(screen.getAllByText(/支持 iOS 13\+\/Android 8\+/).length).toBeGreaterThan(0);
    expect(document.title).toBe(titled('下载App'));
  });
});

describe('TransferView', () => {
  it('follows an internal path at once, replacing the transfer entry', async () => {
    const { location } = renderAt(<TransferView />, '/transfer?target=' + encodeURIComponent('/course/detail/42?from=home'));
    await waitFor(() => expect(location.history).toEqual(['/course/detail/42?from=home']));
  });

  it('strips the router base from an internal target', async () => {
    const { location } = renderAt(<TransferView />, '/new/transfer?target=' + encodeURIComponent('/new/about'), '/new');
    await waitFor(() => expect(location.history).toEqual(['/new/about']));
  });

  it('shows a warning with the full URL for an https target and does not leave by itself', async () => {
    const url = 'https://www.example.com/path/page?a=1&b=中文';
    const { location } = renderAt(<TransferView />, '/transfer?target=' + encodeURIComponent(url));
    expect(screen.getByRole('heading', { level: 1, name: '您即将离开学途，请注意账号和财产安全' })).toBeTruthy();
    const href = new URL(url).href;
    expect(screen.getByTestId('transfer-url').textContent).toBe(href);
    const go = screen.getByRole('link', { name: '继续访问' });
    expect(go.tagName).toBe('A');
    expect(go.getAttribute('href')).toBe(href);
    expect(go.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/');
    await new Promise((r) => setTimeout(r, 20));
    expect(location.history).toHaveLength(1);
    expect(document.title).toBe(titled('页面跳转'));
  });

  it.each([
    ['javascript:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['//evil.example/steal'],
    ['/\\evil.example'],
    ['ftp://files.example/x'],
    [''],
  ])('refuses %j', async (target) => {
    const { location } = renderAt(<TransferView />, '/transfer?target=' + encodeURIComponent(target));
    expect(screen.getByRole('heading', { level: 1, name: '链接无效' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: '继续访问' })).toBeNull();
    expect(screen.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/');
    expect(document.body.innerHTML).not.toContain('javascript:');
    await new Promise((r) => setTimeout(r, 20));
    expect(location.history).toHaveLength(1);
  });

  it('refuses a missing target', () => {
    renderAt(<TransferView />, '/transfer');
    expect(screen.getByRole('heading', { level: 1, name: '链接无效' })).toBeTruthy();
  });

  it('classifies targets', () => {
    expect(classifyTransferTarget('/uc/my-order')).toEqual({ kind: 'internal', path: '/uc/my-order' });
    expect(classifyTransferTarget('/new', '/new')).toEqual({ kind: 'internal', path: '/' });
    expect(classifyTransferTarget('/newcomer', '/new')).toEqual({ kind: 'internal', path: '/newcomer' });
    expect(classifyTransferTarget('http://a.example')).toEqual({ kind: 'external', url: 'http://a.example/' });
    expect(classifyTransferTarget('  JavaScript:alert(1)')).toEqual({ kind: 'invalid' });
    expect(classifyTransferTarget('/\t/evil.example')).toEqual({ kind: 'invalid' });
    expect(classifyTransferTarget('https:evil')).toEqual({ kind: 'external', url: 'https://evil/' });
    expect(classifyTransferTarget(null)).toEqual({ kind: 'invalid' });
  });
});

describe('help centre', () => {
  const pages = [
    { View: PayTypeView, path: '/hc/pay-type', title: '支付方式', h1: '支付方式' },
    { View: SiteStatedView, path: '/hc/site-stated', title: '网站声明', h1: '网站声明' },
    { View: UserAgreementView, path: '/hc/user-agreement', title: '用户协议', h1: '学途用户服务协议' },
    { View: PrivacyPolicyView, path: '/hc/privacy-policy', title: '隐私政策', h1: '学途隐私政策' },
  ];

  it.each(pages)('$path renders in the layout with its nav item marked active', ({ View, path, title, h1 }) => {
    renderAt(<View />, path);
    expect(screen.getByRole('heading', { level: 1, name: h1 })).toBeTruthy();
    expect(document.title).toBe(titled(title));
    const nav = screen.getByRole('navigation', { name: '帮助中心' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['支付方式', '网站声明', '用户协议', '隐私政策']);
    expect(links.map((a) => a.getAttribute('href'))).toEqual(HELP_NAV.map((i) => i.path));
    const active = links.filter((a) => a.getAttribute('aria-current') === 'page');
    expect(active).toHaveLength(1);
    expect(active[0]?.getAttribute('href')).toBe(path);
  });

  it('marks the default page active on bare /hc', () => {
    expect(isHelpNavActive('/hc', '/hc/site-stated')).toBe(true);
    expect(isHelpNavActive('/hc/', '/hc/pay-type')).toBe(false);
    expect(isHelpNavActive('/hc/pay-type/', '/hc/pay-type')).toBe(true);
  });

  it('pay-type lists the methods, the 30-minute rule, invoices and refunds', () => {
    renderAt(<PayTypeView />, '/hc/pay-type');
    for (const name of ['微信支付', '支付宝', '银行转账 / 对公转账', '如何支付订单', '发票', '退款说明']) {
      expect(screen.getByRole('heading', { name })).toBeTruthy();
    }
    expect(screen.getByText(/30 分钟内完成支付.*自动取消/)).toBeTruthy();
    expect(screen.getByText(/7 天无理由退款/)).toBeTruthy();
    expect(screen.getByText('企业采购')).toBeTruthy();
    expect(screen.getByText(/增值税电子普通发票/)).toBeTruthy();
  });

  it('user agreement has all sections, the effective date and a link to the privacy policy', () => {
    renderAt(<UserAgreementView />, '/hc/user-agreement');
    const sections = [
      '协议的范围',
      '账号注册与使用',
      '课程与服务',
      '付费与退款',
      '用户行为规范',
      '知识产权',
      '隐私保护',
      '免责声明',
      '协议的变更与终止',
      '法律适用与争议解决',
      '联系我们',
    ];
    const h2 = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent?.replace(/^[一二三四五六七八九十]+、/, ''));
    expect(h2).toEqual(sections);
    expect(screen.getAllByText(/2026年11月1日/).length).toBeGreaterThan(0);
    const privacyLinks = screen.getAllByRole('link', { name: '《隐私政策》' });
    expect(privacyLinks[0]?.getAttribute('href')).toBe('/hc/privacy-policy');
  });

  it('privacy policy covers collection, cookies, sharing, storage, rights, minors, updates and contact', () => {
    renderAt(<PrivacyPolicyView />, '/hc/privacy-policy');
    const h2 = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent ?? '');
    for (const part of [
      '我们收集的信息',
      '如何使用',
      'Cookie 和同类技术',
      '共享、转让与公开披露',
      '存储与保护',
      '您的权利',
      '未成年人保护',
      '更新',
      '联系我们',
    ]) {
      expect(h2.some((t) => t.includes(part))).toBe(true);
    }
    for (const item of ['手机号：', '微信授权信息：', '学习记录：', '订单信息：', '设备信息与日志：']) {
      expect(screen.getByText(item)).toBeTruthy();
    }
    expect(screen.getByText(/注销账号/)).toBeTruthy();
    expect(screen.getByText(new RegExp(SITE.privacyEmail))).toBeTruthy();
  });

  it('site statement covers copyright, usage, disclaimer, IP and complaints', () => {
    renderAt(<SiteStatedView />, '/hc/site-stated');
    const h2 = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent ?? '');
    for (const part of ['版权声明', '内容使用规则', '知识产权', '免责声明', '侵权投诉']) {
      expect(h2.some((t) => t.includes(part))).toBe(true);
    }
    expect(screen.getByText(new RegExp(SITE.complaintEmail))).toBeTruthy();
  });
});
