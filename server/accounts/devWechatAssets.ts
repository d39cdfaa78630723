/**
 * The scripts and styles of the WeChat sandbox pages (devWechatPages.ts), served as files by devAccounts.ts
 * so the pages carry no inline script or CSS text, which the site's Content-Security-Policy refuses.
 * Static: each script reads its page's data from <body>'s data-* attributes.
 */

export type SandboxPageName = 'qrconnect' | 'authorize';

export const sandboxAssetPath = (name: SandboxPageName, ext: 'js' | 'css'): string => `/dev/wechat/${name}.${ext}`;

const BASE_CSS = `*{box-sizing:border-box}
body{margin:0;font-family:-apple-system,"PingFang SC","Microsoft YaHei","Noto Sans CJK SC",sans-serif;color:#222;background:#fff}
.sandbox{display:inline-block;margin-top:8px;padding:2px 8px;border-radius:10px;background:#fff4e5;color:#8f4a00;font-size:12px}`;

const CSS: Record<SandboxPageName, string> = {
  qrconnect: `${BASE_CSS}
body{text-align:center;padding:16px}
h1{font-size:16px;font-weight:600;margin:4px 0 12px}
#wx-qrcode{width:180px;height:180px;border:1px solid #e5e5e5;padding:6px;background:#fff}
#wx-status{margin:10px 0 4px;font-size:14px;color:#555}
#wx-status.ok{color:#07c160}
#wx-status.bad{color:#e64340}
a{color:#576b95;font-size:13px}`,
  authorize: `${BASE_CSS}
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
#wx-result.bad{color:#e64340}`,
};

/** qrconnect polls the ticket and, once the "phone" confirms, sends the top window to redirect_uri as WeChat does; authorize is the "phone". */
const SCRIPTS: Record<SandboxPageName, string> = {
  qrconnect: `(function () {
  var data = document.body.dataset;
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
})();`,
  authorize: `(function () {
  var ticket = document.body.dataset.ticket;
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
})();`,
};

export function sandboxAsset(name: SandboxPageName, ext: 'js' | 'css'): string {
  return ext === 'js' ? SCRIPTS[name] : CSS[name];
}
