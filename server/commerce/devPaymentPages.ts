/**
 * The sandbox wallet's "phone" pages: HTML with plain forms, no script at all and no inline CSS (the
 * site's Content-Security-Policy refuses both; the style sheet is a file, devPaymentAssets.ts), in
 * Chinese like a wallet. Stable ids for e2e tests: #sbx-subject, #sbx-amount, #sbx-status,
 * #sbx-confirm, #sbx-cancel, #sbx-result.
 */
import { formatCents } from '../../src/domain/shared/format';
import { escapeHtml } from '../shared/html';
import { SANDBOX_PAY_CSS_PATH } from './devPaymentAssets';

function page(title: string, main: string): string {
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${SANDBOX_PAY_CSS_PATH}">
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
