/**
 * The two HTML pages of the WeChat sandbox, self-contained (inline CSS and JS, no assets), in
 * Chinese like WeChat's own. Element ids are stable for e2e tests:
 * - qrconnect: #wx-qrcode (img), #wx-authorize-link (a), #wx-status;
 * - authorize: #wx-nickname (input), #wx-confirm (button), #wx-result.
 */

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** JSON safe inside a <script> element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const BASE_CSS = `
  *{box-sizing:border-box}
  body{margin:0;font-family:-apple-system,"PingFang SC","Microsoft YaHei","Noto Sans CJK SC",sans-serif;color:#222;background:#fff}
  .sandbox{display:inline-block;margin-top:8px;padding:2px 8px;border-radius:10px;background:#fff4e5;color:#8f4a00;font-size:12px}
`;

function page(title: string, css: string, body: string, script: string): string {
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${BASE_CSS}${css}</style>
</head>
<body>
${body}
<script>${script}</script>
</body>
</html>`;
}

export interface QrconnectPageData {
  ticket: string;
  authorizeUrl: string;
  redirectUri: string;
  state: string;
  style: string;
}

export function qrconnectPage(data: QrconnectPageData): string {
  const dark = data.style === 'black';
  const css = `
    body{text-align:center;padding:16px;${dark ? 'background:#fff' : ''}}
    h1{font-size:16px;font-weight:600;margin:4px 0 12px}
    #wx-qrcode{width:180px;height:180px;border:1px solid #e5e5e5;padding:6px;background:#fff}
    #wx-status{margin:10px 0 4px;font-size:14px;color:#555}
    #wx-status.ok{color:#07c160}
    #wx-status.bad{color:#e64340}
    a{color:#576b95;font-size:13px}
  `;
  const body = `
<h1>微信登录</h1>
<img id="wx-qrcode" alt="微信登录二维码" src="/static/qrcode?text=${encodeURIComponent(data.authorizeUrl)}">
<p id="wx-status">请使用微信扫一扫登录</p>
<a id="wx-authorize-link" href="${escapeHtml(data.authorizeUrl)}" target="_blank" rel="noopener">沙箱：在新窗口打开授权页</a>
<div class="sandbox">本地微信沙箱</div>`;
  const script = `
(function () {
  var data = ${scriptJson({ ticket: data.ticket, redirectUri: data.redirectUri, state: data.state })};
  var status = document.getElementById('wx-status');
  var done = false;
  function show(text, cls) { status.textContent = text; status.className = cls || ''; }
  function poll() {
    if (done) return;
    fetch('/dev/wechat/ticket/' + encodeURIComponent(data.ticket), { cache: 'no-store' })
      .then(function (res) { return res.json(); })
      .then(function (body) {
        var info = body && body.data;
        if (info && info.status === 'CONFIRMED' && info.code) {
          done = true;
          show('已在手机上确认，正在登录…', 'ok');
          // Exactly what WeChat does: send the top window to redirect_uri with code and state.
          var sep = data.redirectUri.indexOf('?') === -1 ? '?' : '&';
          window.top.location.href = data.redirectUri + sep + 'code=' + encodeURIComponent(info.code) + '&state=' + encodeURIComponent(data.state);
        } else if (info && info.status === 'EXPIRED') {
          done = true;
          show('二维码已过期，请刷新页面', 'bad');
        } else {
          setTimeout(poll, 1000);
        }
      })
      .catch(function () { setTimeout(poll, 1000); });
  }
  setTimeout(poll, 1000);
})();`;
  return page('微信登录', css, body, script);
}

export interface AuthorizePageData {
  ticket: string;
  defaultNickname: string;
  /** False when the ticket is unknown, expired or already confirmed. */
  valid: boolean;
}

export function authorizePage(data: AuthorizePageData): string {
  const css = `
    body{background:#ededed;display:flex;justify-content:center;min-height:100vh}
    .phone{width:100%;max-width:375px;background:#f7f7f7;min-height:100vh;display:flex;flex-direction:column}
    .bar{height:44px;line-height:44px;text-align:center;font-size:16px;background:#ededed;border-bottom:1px solid #ddd}
    .main{flex:1;padding:40px 24px;text-align:center}
    .logo{width:64px;height:64px;border-radius:12px;background:#07c160;color:#fff;font-size:28px;line-height:64px;margin:0 auto 16px}
    .who{font-size:17px;margin-bottom:6px}
    .hint{font-size:13px;color:#888;margin-bottom:28px}
    label{display:block;text-align:left;font-size:13px;color:#888;margin-bottom:6px}
    #wx-nickname{width:100%;height:44px;border:1px solid #ddd;border-radius:6px;padding:0 12px;font-size:16px;background:#fff}
    #wx-confirm{margin-top:28px;width:100%;height:46px;border:0;border-radius:6px;background:#07c160;color:#fff;font-size:17px}
    #wx-confirm:disabled{background:#9ed9b8}
    #wx-result{margin-top:18px;font-size:14px;min-height:20px}
    #wx-result.ok{color:#07c160}
    #wx-result.bad{color:#e64340}
  `;
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
  const script = `
(function () {
  var ticket = ${scriptJson(data.ticket)};
  var button = document.getElementById('wx-confirm');
  var input = document.getElementById('wx-nickname');
  var result = document.getElementById('wx-result');
  button.addEventListener('click', function () {
    var nickname = input.value.trim();
    if (!nickname) { result.textContent = '请输入微信昵称'; result.className = 'bad'; return; }
    button.disabled = true;
    fetch('/dev/wechat/confirm', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ticket: ticket, nickname: nickname })
    })
      .then(function (res) { return res.json(); })
      .then(function (body) {
        if (body && body.code === 200) {
          result.textContent = '已确认登录，请回到电脑上继续';
          result.className = 'ok';
          input.disabled = true;
        } else {
          result.textContent = (body && body.msg) || '确认失败';
          result.className = 'bad';
          button.disabled = false;
        }
      })
      .catch(function () { result.textContent = '网络错误，请重试'; result.className = 'bad'; button.disabled = false; });
  });
})();`;
  return page('微信授权', css, body, script);
}
