/** What the paged lists of the catalogue (course lists, resources) share: reading ids and pages from a URL, filter options, the pager. */

/** One option of a filter list: its label and its value; null is the 全部 option. */
export interface FilterOption {
  label: string;
  value: number | null;
}

/** Ids in a URL are whole numbers from 1 up to PostgreSQL's int4 maximum; anything else is 全部. */
const MAX_ID = 2_147_483_647;

export function readPositiveId(text: string | null): number | null {
  if (text === null || !/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id >= 1 && id <= MAX_ID ? id : null;
}

/** ?page=3 → 3; absent, junk, 0 or past a sane bound → 1. */
export function readPage(text: string | null): number {
  return readPositiveId(text) ?? 1;
}

export function totalPages(total: number, size: number): number {
  return size > 0 && total > 0 ? Math.ceil(total / size) : 0;
}

/** A pager entry: a page number, or a gap (…) between distant pages. */
export type PageItem = number | 'gap';

/**
 * The pages a pager shows: the first, the last, and those next to the current one, with a gap for
 * each run left out — at most 7 entries, so the pager fits a phone's width.
 */
export function pagerItems(current: number, pages: number): PageItem[] {
  if (pages <= 7) return Array.from({ length: pages }, (_, i) => i + 1);
  const from = Math.max(2, Math.min(current - 1, pages - 4));
  const to = Math.min(pages - 1, Math.max(current + 1, 5));
  const items: PageItem[] = [1];
  if (from > 2) items.push('gap');
  for (let page = from; page <= to; page++) items.push(page);
  if (to < pages - 1) items.push('gap');
  items.push(pages);
  return items;
}
