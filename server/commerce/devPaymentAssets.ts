/**
 * The style sheet of the sandbox wallet's pages (devPaymentPages.ts), served as a file by
 * devPayment.ts: the pages carry no inline CSS, which the site's Content-Security-Policy refuses
 * (style-src allows files and the empty string's hash only). They have no script at all.
 */

export const SANDBOX_PAY_CSS_PATH = '/dev/pay/sandbox.css';

export const SANDBOX_PAY_CSS = `*{box-sizing:border-box}
body{margin:0;font-family:-apple-system,"PingFang SC","Microsoft YaHei","Noto Sans CJK SC",sans-serif;color:#222;background:#ededed;display:flex;justify-content:center;min-height:100vh}
.phone{width:100%;max-width:375px;background:#f7f7f7;min-height:100vh;display:flex;flex-direction:column}
.bar{height:44px;line-height:44px;text-align:center;font-size:16px;background:#ededed;border-bottom:1px solid #ddd}
.main{flex:1;padding:32px 24px;text-align:center}
#sbx-subject{font-size:15px;color:#555;margin-bottom:8px;word-break:break-all}
#sbx-amount{font-size:36px;font-weight:600;margin-bottom:20px}
#sbx-status{font-size:14px;color:#888;min-height:20px;margin-bottom:24px}
form{margin:0 0 12px}
button{width:100%;height:46px;border:0;border-radius:6px;font-size:17px}
#sbx-confirm{background:#07c160;color:#fff}
#sbx-cancel{background:#fff;color:#333;border:1px solid #ddd}
#sbx-result{font-size:17px;margin:24px 0}
#sbx-result.ok{color:#07c160}
#sbx-result.bad{color:#e64340}
.hint{font-size:13px;color:#888}
.sandbox{display:inline-block;margin-top:24px;padding:2px 8px;border-radius:10px;background:#fff4e5;color:#8f4a00;font-size:12px}
`;
