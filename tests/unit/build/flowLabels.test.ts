/**
 * The flow label table (src/domain/flows.texts.ts) names every machine of src/machines, each of
 * its states, events (with a step for testers) and guards, and nothing the machines do not have:
 * change a machine and this fails until its Chinese labels follow.
 */
import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import { collectMachines } from '../../../scripts/statecharts/discover';
import { ALWAYS_EVENT, flowKeys, flowTextProblems } from '../../../scripts/statecharts/labels';
import { FLOW_TEXTS, FLOW_TEXTS_BY_AREA } from '../../../src/domain/flows.texts';

const modules = import.meta.glob<Record<string, unknown>>('../../../src/machines/**/*.machine.ts', { eager: true });
const machines = collectMachines(Object.entries(modules).map(([file, mod]) => ({ file: file.replace('../../../', ''), mod })));

describe('the flow label table', () => {
  it('finds the machines', () => {
    expect(machines.length).toBeGreaterThanOrEqual(Object.keys(modules).length);
  });

  it('labels every state, event and guard of every machine, and nothing else', () => {
    const problems = machines.flatMap((m) => flowTextProblems(m.machine, FLOW_TEXTS[m.machine.id]));
    expect(problems).toEqual([]);
  });

  it('has no entry for a machine that does not exist, and each machine in one area only', () => {
    const ids = new Set(machines.map((m) => m.machine.id));
    expect(Object.keys(FLOW_TEXTS).filter((id) => !ids.has(id))).toEqual([]);
    const perArea = Object.values(FLOW_TEXTS_BY_AREA).reduce((n, table) => n + Object.keys(table).length, 0);
    expect(perArea).toBe(Object.keys(FLOW_TEXTS).length);
  });

  it('keeps an area’s flows in that area’s file', () => {
    for (const m of machines) {
      const area = m.file.split('/')[2]!;
      expect(Object.keys(FLOW_TEXTS_BY_AREA[area] ?? {}), `${m.machine.id} (${m.file})`).toContain(m.machine.id);
    }
  });

  it('writes plain text: no markup, descriptions of two to four sentences', () => {
    for (const [id, t] of Object.entries(FLOW_TEXTS)) {
      const all = [
        t.title,
        t.description,
        ...Object.values(t.states),
        ...Object.values(t.events).flatMap((e) => [e.label, e.step]),
        ...Object.values(t.guards),
      ];
      for (const s of all) expect(s, id).not.toMatch(/[<>&]/);
      const sentences = t.description.split('。').filter((s) => s.trim() !== '').length;
      expect(sentences, `${id}: ${t.description}`).toBeGreaterThanOrEqual(1);
      expect(sentences, `${id}: ${t.description}`).toBeLessThanOrEqual(4);
    }
  });
});

describe('flowKeys / flowTextProblems', () => {
  const m = setup({ guards: { ok: () => true } }).createMachine({
    id: 'demo',
    initial: 'a',
    on: { RESET: '.a' },
    states: {
      a: { on: { GO: { target: 'b', guard: 'ok' } } },
      b: { initial: 'x', states: { x: { always: 'y' }, y: { after: { 1000: '#demo.a' } } } },
    },
  });
  const full = {
    title: '演示',
    description: '演示流程。',
    states: { a: '甲', b: '乙', 'b.x': '乙一', 'b.y': '乙二' },
    events: {
      RESET: { label: '重置', step: '点击“重置”' },
      GO: { label: '前进', step: '点击“前进”' },
      [ALWAYS_EVENT]: { label: '自动', step: '（自动）' },
      'xstate.after.1000.demo.b.y': { label: '1秒后', step: '等待1秒' },
    },
    guards: { ok: '可以' },
  };

  it('names states by path, events by type (eventless as (always)), guards by name', () => {
    expect(flowKeys(m)).toEqual({
      states: ['a', 'b', 'b.x', 'b.y'],
      events: ['RESET', 'GO', ALWAYS_EVENT, 'xstate.after.1000.demo.b.y'],
      guards: ['ok'],
    });
    expect(flowTextProblems(m, full)).toEqual([]);
  });

  it('reports a missing entry, a missing label or step, and a stale key', () => {
    expect(flowTextProblems(m, undefined)).toEqual(['demo: no entry in src/domain/flows.texts.ts']);
    const broken = {
      ...full,
      states: { a: '甲', b: '乙', 'b.x': '乙一', gone: '旧' },
      events: { ...full.events, GO: { label: '前进', step: '' } },
    };
    expect(flowTextProblems(m, broken)).toEqual([
      "demo: states 'b.y' has no label",
      "demo: states 'gone' is not in the machine (stale label)",
      "demo: events 'GO' has an empty label or step",
    ]);
  });
});
