/** The one page-load statechart (src/machines/shared/pageData.ts): its outcomes, its params, retry and reload. */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { createPageDataMachine } from '../../../src/machines/shared/pageData';

const flush = () => new Promise((r) => setTimeout(r, 0));

interface Params {
  id: number;
  tab: number;
}

/** A machine whose load answers what `answers` holds for the asked id, and records every ask. */
function pageOf(answers: Record<number, string[] | Error>, options: { sameParams?: boolean } = {}) {
  const asked: Params[] = [];
  const machine = createPageDataMachine({
    id: 'test',
    load: (params: Params) => {
      asked.push(params);
      const answer = answers[params.id]!;
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    },
    outcomes: { empty: (list) => list.length === 0, single: (list) => list.length === 1 },
    ...(options.sameParams ? { sameParams: (a: Params, b: Params) => a.id === b.id } : {}),
  });
  return { machine, asked };
}

describe('createPageDataMachine', () => {
  it('ends in the first outcome whose test holds, else loaded, keeping the data; RELOAD loads again', async () => {
    const { machine, asked } = pageOf({ 1: [], 2: ['a'], 3: ['a', 'b'] });
    for (const [id, state] of [
      [1, 'empty'],
      [2, 'single'],
      [3, 'loaded'],
    ] as const) {
      const actor = createActor(machine, { input: { id, tab: 1 } }).start();
      await flush();
      expect(actor.getSnapshot().value).toBe(state);
      expect(actor.getSnapshot().context.data).toEqual(id === 1 ? [] : id === 2 ? ['a'] : ['a', 'b']);
      actor.send({ type: 'RELOAD' });
      expect(actor.getSnapshot().value).toBe('loading');
    }
    // Each asked once, then again by its RELOAD.
    expect(asked.map((p) => p.id)).toEqual([1, 1, 2, 2, 3, 3]);
  });

  it('fails with the message, and RETRY asks again with the same params', async () => {
    const answers: Record<number, string[] | Error> = { 1: new Error('服务器错误(500)') };
    const { machine, asked } = pageOf(answers);
    const actor = createActor(machine, { input: { id: 1, tab: 1 } }).start();
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('服务器错误(500)');
    answers[1] = ['a', 'b'];
    actor.send({ type: 'RETRY' });
    await flush();
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(asked).toEqual([
      { id: 1, tab: 1 },
      { id: 1, tab: 1 },
    ]);
  });

  it('with sameParams, loads again in place for new params only; without, PARAMS_CHANGED does nothing', async () => {
    const inPlace = pageOf({ 1: ['a', 'b'], 2: [] }, { sameParams: true });
    const actor = createActor(inPlace.machine, { input: { id: 1, tab: 1 } }).start();
    await flush();
    actor.send({ type: 'PARAMS_CHANGED', params: { id: 1, tab: 2 } });
    expect(actor.getSnapshot().value).toBe('loaded');
    actor.send({ type: 'PARAMS_CHANGED', params: { id: 2, tab: 2 } });
    await flush();
    expect(actor.getSnapshot().value).toBe('empty');
    expect(actor.getSnapshot().context.params).toEqual({ id: 2, tab: 2 });
    expect(inPlace.asked.map((p) => p.id)).toEqual([1, 2]);

    const fixed = pageOf({ 1: ['a', 'b'], 2: [] });
    const other = createActor(fixed.machine, { input: { id: 1, tab: 1 } }).start();
    await flush();
    other.send({ type: 'PARAMS_CHANGED', params: { id: 2, tab: 1 } });
    expect(other.getSnapshot().value).toBe('loaded');
    expect(fixed.asked).toHaveLength(1);
  });

  it('a provided load actor replaces the service (as the unit tests of pages do)', async () => {
    const { machine } = pageOf({});
    const actor = createActor(machine.provide({ actors: { load: fromPromise(() => Promise.resolve(['x'])) } }), { input: { id: 9, tab: 1 } }).start();
    await flush();
    expect(actor.getSnapshot().value).toBe('single');
  });
});
