/** Catalogue tree levels with subtree totals, camp stage states, resource sizes and download names. */
import { describe, expect, it } from 'vitest';
import { outlineLevels, type OutlineRow, type OutlineWareStats } from '../../../src/domain/catalog/outline';
import { downloadFileName, formatFileSize } from '../../../src/domain/catalog/resources';

const row = (id: number, parentId: number, name = `n${id}`, stageId: number | null = null): OutlineRow => ({ id, parentId, name, stageId });
const stats = (entries: [number, number, number, number][]) =>
  new Map<number, OutlineWareStats>(entries.map(([id, count, duration, auditions]) => [id, { count, duration, auditions }]));

describe('outlineLevels', () => {
  it('answers each level in the given order with its subtree totals', () => {
    const rows = [row(1, 0, '第1章', 7), row(2, 0, '第2章'), row(11, 1), row(12, 1), row(121, 12), row(21, 2)];
    const levels = outlineLevels(
      rows,
      stats([
        [11, 2, 600, 1],
        [121, 3, 900, 0],
        [12, 1, 100, 0],
        [21, 4, 1000, 2],
      ]),
    );
    expect(levels.get(0)).toEqual([
      { id: 1, name: '第1章', parentId: 0, hasChildren: true, coursewareCount: 6, duration: 1600, auditionCount: 1, stageId: 7 },
      { id: 2, name: '第2章', parentId: 0, hasChildren: true, coursewareCount: 4, duration: 1000, auditionCount: 2, stageId: null },
    ]);
    expect(levels.get(1)!.map((n) => [n.id, n.hasChildren, n.coursewareCount, n.duration])).toEqual([
      [11, false, 2, 600],
      [12, true, 4, 1000],
    ]);
    expect(levels.get(12)!.map((n) => n.id)).toEqual([121]);
    expect(levels.has(121)).toBe(false);
  });

  it('drops a node whose parent is missing and survives a cycle', () => {
    const levels = outlineLevels(
      [row(1, 0), row(5, 99), row(2, 3), row(3, 2)],
      stats([
        [1, 1, 10, 0],
        [2, 1, 10, 0],
        [3, 1, 10, 0],
      ]),
    );
    expect(levels.get(0)!.map((n) => n.id)).toEqual([1]);
    expect(levels.has(99)).toBe(false);
    // 2 and 3 are each other's parent: reachable from nowhere, and counted once each when asked.
    expect(levels.get(3)![0]).toMatchObject({ id: 2, coursewareCount: 2 });
  });

  it('gives empty nodes zero totals', () => {
    expect(outlineLevels([row(1, 0)], new Map()).get(0)).toEqual([
      { id: 1, name: 'n1', parentId: 0, hasChildren: false, coursewareCount: 0, duration: 0, auditionCount: 0, stageId: null },
    ]);
  });
});

describe('resources', () => {
  it('shows sizes in B, KB and MB', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(86 * 1024)).toBe('86 KB');
    expect(formatFileSize(1860 * 1024)).toBe('1.8 MB');
    expect(formatFileSize(-1)).toBe('--');
    expect(formatFileSize(Number.NaN)).toBe('--');
  });

  it('names a download after its title with one extension and no characters file systems refuse', () => {
    expect(downloadFileName('一建经济公式汇总.pdf', 'pdf')).toBe('一建经济公式汇总.pdf');
    expect(downloadFileName('复利系数表', 'xlsx')).toBe('复利系数表.xlsx');
    expect(downloadFileName('a/b:c*?"<>|\u0007d.PDF', 'pdf')).toBe('a_b_c_______d.PDF');
    expect(downloadFileName('  ', 'docx')).toBe('资料.docx');
  });
});
