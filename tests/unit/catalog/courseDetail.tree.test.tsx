/** The catalogue tree's client flags (src/domain/catalog/catalogueTree.ts) and the detail page's SKU and button rules (courseOffer.ts). */
import { describe, expect, it } from 'vitest';
import { loaded, loadFailed, startLoading, toggleAction, toggleOpen, treeFromTop } from '../../../src/domain/catalog/catalogueTree';
import { acquireKind, defaultSkuId, isSkuOpen } from '../../../src/domain/catalog/courseOffer';
import type { CourseSku } from '../../../src/domain/commerce/contract';
import { LEVELS, TOP, WARES } from './courseDetail.fixtures';

describe('catalogue tree flags', () => {
  it('a node starts closed and unloaded; its first expand loads, later ones only toggle', () => {
    let tree = treeFromTop(TOP);
    expect(tree.rootIds).toEqual([100, 200]);
    expect(tree.nodes[100]).toMatchObject({ expand: false, isFirstExpand: true, loading: false, error: null, childIds: [] });
    expect(toggleAction(tree, 100)).toBe('load');
    tree = startLoading(tree, 100);
    expect(tree.nodes[100]).toMatchObject({ expand: true, loading: true });
    // A click while loading does nothing (no second request).
    expect(toggleAction(tree, 100)).toBe('none');
    tree = loaded(tree, 100, { children: LEVELS[100]!, coursewares: [] });
    expect(tree.nodes[100]).toMatchObject({ expand: true, loading: false, isFirstExpand: false, childIds: [101] });
    expect(tree.nodes[101]).toMatchObject({ expand: false, isFirstExpand: true });
    expect(toggleAction(tree, 100)).toBe('toggle');
    tree = toggleOpen(tree, 100);
    expect(tree.nodes[100]!.expand).toBe(false);
    expect(toggleAction(tree, 999)).toBe('none');
  });

  it('a failed load keeps the node open with its error, and the next click loads again', () => {
    let tree = startLoading(treeFromTop(TOP), 200);
    tree = loadFailed(tree, 200, '服务器错误(500)');
    expect(tree.nodes[200]).toMatchObject({ expand: true, loading: false, isFirstExpand: true, error: '服务器错误(500)' });
    expect(toggleAction(tree, 200)).toBe('load');
    tree = startLoading(tree, 200);
    expect(tree.nodes[200]!.error).toBeNull();
  });

  it('loading a node keeps the state of children already known', () => {
    let tree = loaded(startLoading(treeFromTop(TOP), 100), 100, { children: LEVELS[100]!, coursewares: [] });
    tree = loaded(startLoading(tree, 101), 101, { children: [], coursewares: WARES[101]! });
    tree = loaded(tree, 100, { children: LEVELS[100]!, coursewares: [] });
    expect(tree.nodes[101]!.coursewares).toHaveLength(1);
  });
});

describe('course offer', () => {
  const sku = (id: number, enrolEndsAt: number | null): CourseSku => ({
    id,
    name: `期${id}`,
    priceCents: 39900,
    validDays: 90,
    shipsMaterial: false,
    startsAt: null,
    enrolEndsAt,
  });

  it('picks the first SKU still open; a closed camp cohort is never chosen', () => {
    const now = Date.UTC(2026, 10, 23);
    expect(isSkuOpen(sku(1, null), now)).toBe(true);
    expect(isSkuOpen(sku(1, now), now)).toBe(false);
    expect(defaultSkuId([sku(1, now - 1), sku(2, now + 1)], now)).toBe(2);
    expect(defaultSkuId([sku(1, now - 1)], now)).toBeNull();
    expect(defaultSkuId([], now)).toBeNull();
  });

  it('a FREE course is activated, every other type bought', () => {
    expect(acquireKind('FREE')).toBe('ACTIVATE');
    for (const type of ['SYS', 'PACK', 'EXP', 'ADD'] as const) expect(acquireKind(type)).toBe('BUY');
  });
});
