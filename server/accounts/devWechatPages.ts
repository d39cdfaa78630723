/**
 * The two HTML pages of the WeChat sandbox, in Chinese like WeChat's own. Each has one script and one
 * style sheet, static files devAccounts.ts serves (devWechatAssets.ts), and passes its data to the script in
 * data-* attributes of <body>: no inline script or CSS, as the site's Content-Security-Policy wants.
 * Element ids are stable for e2e tests:
 * - qrconnect: #wx-qrcode (img), #wx-authorize-link (a), #wx-status;
 * - authorize: #wx-nickname (input), #wx-confirm (button), #wx-result.
 */
import { escapeHtml } from '../shared/html';
import { sandboxAssetPath, type SandboxPageName } from './devWechatAssets';

/** `data` becomes data-* attributes of <body> (camelCase keys, as the script reads them from dataset). */
function page(name: SandboxPageName, title: string, body: string, data: Record<string, string>): string {
  const attributes = Object.entries(data)
    .map(([key, value]) => ` data-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}="${escapeHtml(value)}"`)
    .join('');
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${sandboxAssetPath(name, 'css')}">
</head>
<body${attributes}>
${body}
<script src="${sandboxAssetPath(name, 'js')}"></script>
</body>
</html>`;
}

export interface QrconnectPageData {
  ticket: string;
  authorizeUrl: string;
  redirectUri: string;
  state: string;
}

export function qrconnectPage(data: QrconnectPageData): string {
  const body = `
<h1>微信登录</h1>
<img id="wx-qrcode" alt="微信登录二维码" src="/static/qrcode?text=${encodeURIComponent(data.authorizeUrl)}">
<p id="wx-status">请使用微信扫一扫登录</p>
<a id="wx-authorize-link" href="${escapeHtml(data.authorizeUrl)}" target="_blank" rel="noopener">沙箱：在新窗口打开授权页</a>
<div class="sandbox">本地微信沙箱</div>`;
  return page('qrconnect', '微信登录', body, { ticket: data.ticket, redirectUri: data.redirectUri, state: data.state });
}

export interface AuthorizePageData {
  ticket: string;
  defaultNickname: string;
  /** False when the ticket is unknown, expired or already confirmed. */
  valid: boolean;
}

export function authorizePage(data: AuthorizePageData): string {
  const body = `
<div class="phone">
  <div class="bar">微信授权</div>
  <div class="main">
    <div class="logo">学</div>
    <div class="who">学途网校 申请使用你的微信身份登录</div>
    <div class="hint">获取你的公开信息（昵称、头像）</div>
    <label for="wx-nickname">微信昵称（沙箱：同一昵称即同一微信账号）</label>
    <input id="wx-nickname" maxlength="20" value="${escapeHtml(data.defaultNickname)}"${data.valid ? '' : ' disabled'}>
    <button id="wx-confirm" type="button"${data.valid ? '' : ' disabled'}>确认登录</button>
    <div id="wx-result" class="${data.valid ? '' : 'bad'}">${data.valid ? '' : '二维码已失效，请在电脑上刷新后重新扫码'}</div>
    <div class="sandbox">本地微信沙箱</div>
  </div>
</div>`;
  return page('authorize', '微信授权', body, { ticket: data.ticket });
}
