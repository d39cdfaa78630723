/** Display formatting of product-spec §9. */
export const EMPTY_AMOUNT = '--';

/** '¥' + yuan with two decimals; '--' when there is no amount. */
export function formatAmount(yuan: number | string | null | undefined): string {
  if (yuan === null || yuan === undefined || yuan === '') return EMPTY_AMOUNT;
  const value = typeof yuan === 'number' ? yuan : Number(yuan);
  if (!Number.isFinite(value)) return EMPTY_AMOUNT;
  return `¥${value.toFixed(2)}`;
}

/** An amount in fen (cents), as every API answer carries it, shown as yuan: '¥680.00'; '--' when there is none. */
export function formatCents(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return EMPTY_AMOUNT;
  return formatAmount(Math.round(cents) / 100);
}

const pad = (n: number) => String(n).padStart(2, '0');

export function formatDate(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export function formatDateTime(d: Date): string {
  return `${formatDate(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function startOfDay(d: Date): number {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

/** Today as HH:mm, then 昨天, 前天, otherwise the date (local time). */
export function formatRelativeTime(input: Date | number | string, now: Date = new Date()): string {
  const d = input instanceof Date ? input : new Date(input);
  if (Number.isNaN(d.getTime())) return '';
  const days = Math.round((startOfDay(now) - startOfDay(d)) / 86_400_000);
  if (days === 0) return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  if (days === 1) return '昨天';
  if (days === 2) return '前天';
  return formatDate(d);
}

/** Seconds as 时长 text, e.g. 1小时05分 or 12分30秒. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (h > 0) return `${h}小时${pad(m)}分`;
  return `${m}分${pad(sec)}秒`;
}

export function pageTitle(title: string | undefined, defaultTitle: string): string {
  return title ? `${title} - ${defaultTitle}` : defaultTitle;
}

/** A page title: the route's (课程详情, 试卷详情) first, as on every page, then what it shows once known. */
export function withSubject(routeTitle: string, subject: string | undefined): string {
  return subject ? `${routeTitle} - ${subject}` : routeTitle;
}

/** Masks the middle of a full mobile number (11 digits): 13800138000 → 138****8000; anything else is shown as is. */
export function maskMobile(mobile: string): string {
  return /^\d{11}$/.test(mobile) ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : mobile;
}
