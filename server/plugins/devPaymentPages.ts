/**
 * The sandbox wallet's "phone" pages: self-contained HTML with plain forms and no script at all
 * (the site's Content-Security-Policy allows no inline script), in Chinese like a wallet. Stable
 * ids for e2e tests: #sbx-subject, #sbx-amount, #sbx-status, #sbx-confirm, #sbx-cancel, #sbx-result.
 */
import { formatCents } from '../../src/domain/shared/format';
import { escapeHtml } from './devWechatPages';

const CSS = `
  *{box-sizing:border-box}
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

function page(title: string, main: string): string {
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${CSS}</style>
</head>
<body>
<div class="phone">
  <div class="bar">${escapeHtml(title)}</div>
  <div class="main">
${main}
    <div class="sandbox">本地支付沙箱 · 不产生真实扣款</div>
  </div>
</div>
</body>
</html>`;
}

export type SandboxPageState = 'WAITING' | 'PAID' | 'CLOSED' | 'EXPIRED' | 'UNKNOWN';

export interface SandboxPayPageData {
  ticket: string;
  state: SandboxPageState;
  subject: string;
  amountCents: number;
}

const STATE_TEXTS: Record<Exclude<SandboxPageState, 'WAITING'>, string> = {
  PAID: '该订单已支付，请勿重复付款',
  CLOSED: '该二维码已关闭，请回到电脑上重新获取',
  EXPIRED: '二维码已过期，订单已超时关闭',
  UNKNOWN: '二维码无效，请回到电脑上重新扫码',
};

export function sandboxPayPage(data: SandboxPayPageData): string {
  if (data.state === 'UNKNOWN') return page('确认付款', `<div id="sbx-result" class="bad">${STATE_TEXTS.UNKNOWN}</div>`);
  const head = `
    <div id="sbx-subject">${escapeHtml(data.subject)}</div>
    <div id="sbx-amount">${escapeHtml(formatCents(data.amountCents))}</div>`;
  if (data.state !== 'WAITING') return page('确认付款', `${head}\n    <div id="sbx-status">${STATE_TEXTS[data.state]}</div>`);
  const ticket = escapeHtml(data.ticket);
  return page(
    '确认付款',
    `${head}
    <div id="sbx-status">学途网校 向你收款</div>
    <form method="post" action="/dev/pay/sandbox/confirm"><input type="hidden" name="ticket" value="${ticket}"><button id="sbx-confirm" type="submit">确认支付</button></form>
    <form method="post" action="/dev/pay/sandbox/cancel"><input type="hidden" name="ticket" value="${ticket}"><button id="sbx-cancel" type="submit">取消</button></form>`,
  );
}

/** How a visit to the phone ended: paid, cancelled, or refused (ALREADY_PAID, CLOSED, EXPIRED, UNKNOWN). */
export type SandboxResult = 'PAID' | 'CANCELLED' | 'NOTICE_REFUSED' | 'ALREADY_PAID' | 'CLOSED' | 'EXPIRED' | 'UNKNOWN';

const RESULT_TEXTS: Record<SandboxResult, { text: string; ok: boolean }> = {
  PAID: { text: '支付成功，请回到电脑上查看订单', ok: true },
  CANCELLED: { text: '已取消支付', ok: true },
  NOTICE_REFUSED: { text: '已扣款，但商户未确认收款通知，请联系客服', ok: false },
  ALREADY_PAID: { text: STATE_TEXTS.PAID, ok: false },
  CLOSED: { text: STATE_TEXTS.CLOSED, ok: false },
  EXPIRED: { text: STATE_TEXTS.EXPIRED, ok: false },
  UNKNOWN: { text: STATE_TEXTS.UNKNOWN, ok: false },
};

export function sandboxResultPage(result: SandboxResult, amountCents: number | null): string {
  const { text, ok } = RESULT_TEXTS[result];
  const amount = amountCents === null ? '' : `<div id="sbx-amount">${escapeHtml(formatCents(amountCents))}</div>`;
  return page(
    ok ? '支付结果' : '支付失败',
    `${amount}\n    <div id="sbx-result" class="${ok ? 'ok' : 'bad'}">${text}</div>\n    <p class="hint">可以关闭此页面</p>`,
  );
}
