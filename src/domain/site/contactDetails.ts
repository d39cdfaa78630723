/**
 * The contact details of the customer-service panel, shown when no chat script is configured or it
 * failed to load: one site param, a JSON object an operator edits without a release. Kept apart
 * from customerService.ts, which the button in every page's first download reads.
 */
/** The site param (param/getItemByKey) holding the contact details, a JSON object (server/db/seed/params.ts). */
export const CONTACT_PARAM_KEY = 'customer.service';

export interface ContactDetails {
  title: string;
  phone: string | null;
  wechat: string | null;
  qq: string | null;
  workTime: string | null;
  email: string | null;
}

export interface ContactLine {
  /** What the line is (客服电话, 客服微信 …). */
  label: string;
  value: string;
  /** A tel: or mailto: link where the value is one. */
  href: string | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/**
 * The contact details of the param's JSON value, or null when the param is absent, switched off
 * (`enabled: false`), not JSON or without a single way to reach anyone (the panel's empty state).
 */
export function parseContactDetails(value: string | null | undefined, defaultTitle: string): ContactDetails | null {
  if (!value) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(value);
  } catch {
    return null;
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const o = raw as Record<string, unknown>;
  if (o.enabled === false) return null;
  const details: ContactDetails = {
    title: text(o.title) ?? defaultTitle,
    phone: text(o.phone),
    wechat: text(o.wechat),
    qq: text(o.qq),
    workTime: text(o.workTime),
    email: text(o.email),
  };
  return details.phone || details.wechat || details.qq || details.email ? details : null;
}

/** The lines the panel shows, in this order, leaving out what is not set. */
export function contactLines(details: ContactDetails, labels: Readonly<Record<'phone' | 'wechat' | 'qq' | 'workTime' | 'email', string>>): ContactLine[] {
  const lines: ContactLine[] = [];
  if (details.phone) lines.push({ label: labels.phone, value: details.phone, href: `tel:${details.phone.replace(/[^\d+]/g, '')}` });
  if (details.wechat) lines.push({ label: labels.wechat, value: details.wechat, href: null });
  if (details.qq) lines.push({ label: labels.qq, value: details.qq, href: null });
  if (details.email) lines.push({ label: labels.email, value: details.email, href: `mailto:${details.email}` });
  if (details.workTime) lines.push({ label: labels.workTime, value: details.workTime, href: null });
  return lines;
}
