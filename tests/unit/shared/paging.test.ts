/** server/shared/paging.ts: the total comes with the rows; only a page past the end counts on its own. */
import { describe, expect, it, vi } from 'vitest';
import { pageOffset, toPage } from '../../../server/shared/paging';

describe('toPage', () => {
  it('takes the total from the rows and never counts when a row carries it', async () => {
    const count = vi.fn(async () => [{ n: 99 }]);
    const page = await toPage([{ id: 7, total: 21 }], { current: 3, size: 10 }, count, (row) => row.id);
    expect(page).toEqual({ records: [7], total: 21, current: 3, size: 10 });
    expect(count).not.toHaveBeenCalled();
  });

  it('counts on its own past the last page, and not for an empty first page', async () => {
    const count = vi.fn(async () => [{ n: 21 }]);
    expect(await toPage([], { current: 9, size: 10 }, count, (row: { total: number }) => row)).toEqual({ records: [], total: 21, current: 9, size: 10 });
    expect(await toPage([], { current: 1, size: 10 }, count, (row: { total: number }) => row)).toEqual({ records: [], total: 0, current: 1, size: 10 });
    expect(count).toHaveBeenCalledTimes(1);
  });

  it('skips the pages before the current one', () => {
    expect(pageOffset({ current: 1, size: 12 })).toBe(0);
    expect(pageOffset({ current: 4, size: 12 })).toBe(36);
  });
});
