/**
 * statecharts/*.mmd must be what `npm run statecharts` produces from src/machines (CI fails when
 * a machine changed and the diagrams were not regenerated), plus unit tests of the converter.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { and, fromPromise, not, setup } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  OUTPUT_DIR,
  collectMachines,
  compareMermaidFiles,
  expectedMermaidFiles,
  findMachineFiles,
  isStateMachine,
  machinesFromModule,
} from '../../../scripts/statecharts/discover';
import { buildIndexHtml } from '../../../scripts/statecharts/indexHtml';
import { flowKeys } from '../../../scripts/statecharts/labels';
import { tidySvg } from '../../../scripts/statecharts/render';
import { escapeLabel, guardName, machineStats, machineToMermaid } from '../../../scripts/statecharts/toMermaid';
import { FLOW_TEXTS } from '../../../src/domain/flows.texts';

const ROOT = resolve(__dirname, '../../..');

describe('statecharts/ is up to date with src/machines', () => {
  it('every machine has a current .mmd (labelled from src/domain/flows.texts.ts) and there are no extra .mmd files', async () => {
    const files = findMachineFiles(ROOT);
    const modules = [];
    for (const file of files) {
      modules.push({ file, mod: (await import(/* @vite-ignore */ pathToFileURL(resolve(ROOT, file)).href)) as Record<string, unknown> });
    }
    const machines = collectMachines(modules);
    const report = compareMermaidFiles(resolve(ROOT, OUTPUT_DIR), expectedMermaidFiles(machines, FLOW_TEXTS));
    const problems = [
      ...report.stale.map((f) => `stale: ${OUTPUT_DIR}/${f}`),
      ...report.missing.map((f) => `missing: ${OUTPUT_DIR}/${f}`),
      ...report.extra.map((f) => `extra: ${OUTPUT_DIR}/${f}`),
    ];
    expect(problems, 'statecharts/ is out of date: run `npm run statecharts` and commit the result').toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Small machines covering each construct.

const lines = (text: string): string[] => text.split('\n').map((l) => l.trim());

describe('machineToMermaid', () => {
  it('draws initial, final and plain event transitions', () => {
    const m = setup({}).createMachine({
      id: 'simple',
      initial: 'idle',
      states: {
        idle: { on: { START: 'running' } },
        running: { on: { STOP: 'idle', FINISH: 'done' } },
        done: { type: 'final' },
      },
    });
    const out = machineToMermaid(m);
    expect(out.startsWith('stateDiagram-v2\n')).toBe(true);
    expect(out.endsWith('\n')).toBe(true);
    expect(lines(out)).toEqual(
      expect.arrayContaining([
        '[*] --> idle',
        'state "idle" as idle',
        'idle --> running : START',
        'running --> idle : STOP',
        'running --> done : FINISH',
        'done --> [*]',
      ]),
    );
  });

  it('nests compound states with their own initial state and unique ids', () => {
    const m = setup({}).createMachine({
      id: 'nested',
      initial: 'outer',
      states: {
        outer: {
          initial: 'a',
          states: {
            a: { on: { NEXT: 'b' } },
            b: { on: { LEAVE: '#nested.other' } },
          },
        },
        other: { initial: 'a', states: { a: {} } },
      },
    });
    const out = machineToMermaid(m);
    const l = lines(out);
    expect(l).toContain('state "outer" as outer {');
    expect(l).toContain('[*] --> outer__a');
    expect(l).toContain('outer__a --> outer__b : NEXT');
    expect(l).toContain('outer__b --> other : LEAVE');
    // Both `a` states exist, with different ids and the same label.
    expect(l).toContain('state "a" as outer__a');
    expect(l).toContain('state "a" as other__a');
    // The NEXT edge is written inside the `outer` block, the LEAVE edge outside it.
    const open = l.indexOf('state "outer" as outer {');
    const close = l.indexOf('}', open);
    const next = l.indexOf('outer__a --> outer__b : NEXT');
    const leave = l.indexOf('outer__b --> other : LEAVE');
    expect(next).toBeGreaterThan(open);
    expect(next).toBeLessThan(close);
    expect(leave).toBeGreaterThan(close);
  });

  it('separates parallel regions with --', () => {
    const m = setup({}).createMachine({
      id: 'par',
      initial: 'both',
      states: {
        both: {
          type: 'parallel',
          states: {
            video: { initial: 'paused', states: { paused: { on: { PLAY: 'playing' } }, playing: {} } },
            upload: { initial: 'idle', states: { idle: {}, sent: { type: 'final' } } },
          },
          onDone: 'finished',
        },
        finished: { type: 'final' },
      },
    });
    const l = lines(machineToMermaid(m));
    const open = l.indexOf('state "both" as both {');
    expect(open).toBeGreaterThanOrEqual(0);
    expect(l[open + 1]).toBe('state "video" as both__video {');
    expect(l).toContain('--');
    expect(l.indexOf('--')).toBeLessThan(l.indexOf('state "upload" as both__upload {'));
    expect(l).toContain('[*] --> both__video__paused');
    expect(l).toContain('[*] --> both__upload__idle');
    expect(l).toContain('both__upload__sent --> [*]');
    expect(l).toContain('both --> finished : done');
  });

  it('labels guards, including named, parameterized, higher-order and inline ones', () => {
    const m = setup({ guards: { canPay: () => true, isVip: () => true, expired: () => false } }).createMachine({
      id: 'guards',
      initial: 'a',
      states: {
        a: {
          on: {
            PAY: [
              { target: 'b', guard: 'canPay' },
              { target: 'c', guard: and(['isVip', not('expired')]) },
              { target: 'd', guard: { type: 'isVip', params: { level: 2 } } },
              { target: 'e', guard: () => true },
            ],
          },
        },
        b: {},
        c: {},
        d: {},
        e: {},
      },
    });
    const l = lines(machineToMermaid(m));
    const pay = l.filter((x) => x.startsWith('a --> '));
    // Guarded alternatives keep their priority order.
    expect(pay).toEqual(['a --> b : PAY [canPay]', 'a --> c : PAY [and(isVip, not(expired))]', 'a --> d : PAY [isVip]', 'a --> e : PAY [inline]']);
    expect(guardName(undefined)).toBe('');
  });

  it('labels delayed transitions by milliseconds or by delay name', () => {
    const m = setup({ delays: { RESEND_DELAY: 60_000, dynamic: () => 5 }, guards: { ok: () => true } }).createMachine({
      id: 'timers',
      initial: 'counting',
      states: {
        counting: { after: { 60000: 'ready', RESEND_DELAY: { target: 'ready', guard: 'ok' }, dynamic: 'late' } },
        ready: {},
        late: {},
      },
    });
    const l = lines(machineToMermaid(m));
    expect(l).toContain('counting --> ready : after 60000ms');
    expect(l).toContain('counting --> ready : after RESEND_DELAY (60000ms) [ok]');
    expect(l).toContain('counting --> late : after dynamic');
  });

  it('labels invoke onDone / onError with the invoke id and lists the invoke in the state', () => {
    const m = setup({ actors: { fetchList: fromPromise(async () => [] as string[]) } }).createMachine({
      id: 'loader',
      initial: 'loading',
      states: {
        loading: { invoke: { id: 'list', src: 'fetchList', onDone: 'shown', onError: 'failed' } },
        shown: {},
        failed: { on: { RETRY: 'loading' } },
      },
    });
    const l = lines(machineToMermaid(m));
    expect(l).toContain('loading --> shown : done: list');
    expect(l).toContain('loading --> failed : error: list');
    expect(l).toContain('loading : invoke: list (fetchList)');
    expect(l).toContain('failed --> loading : RETRY');
  });

  it('labels eventless transitions "always"', () => {
    const m = setup({ guards: { hasToken: () => true } }).createMachine({
      id: 'boot',
      initial: 'checking',
      states: {
        checking: { always: [{ guard: 'hasToken', target: 'in' }, { target: 'out' }] },
        in: {},
        out: {},
      },
    });
    const l = lines(machineToMermaid(m));
    expect(l.filter((x) => x.startsWith('checking -->'))).toEqual(['checking --> in : always [hasToken]', 'checking --> out : always']);
  });

  it('draws root and composite-to-own-child transitions from a pseudo-state, internal events as text', () => {
    const m = setup({}).createMachine({
      id: 'session',
      initial: 'out',
      on: { LOGOUT: '.out', PING: { actions: () => {} } },
      states: {
        out: { on: { LOGIN: 'in' } },
        in: {
          initial: 'idle',
          on: { RESET: '.idle', TICK: { actions: () => {} } },
          states: { idle: { on: { TYPE: { actions: () => {} }, GO: 'busy' } }, busy: {} },
        },
      },
    });
    const l = lines(machineToMermaid(m));
    expect(l).toContain('state "任意状态" as any_state');
    expect(l).toContain('any_state --> out : LOGOUT');
    expect(l).toContain('any_state : on: PING');
    expect(l).toContain('state "任意子状态" as in___any');
    expect(l).toContain('in___any --> in__idle : RESET');
    expect(l).toContain('in___any : on: TICK');
    expect(l).toContain('in__idle : on: TYPE');
    // Mermaid cannot draw a composite state's edge to its own child: none is emitted.
    expect(l.some((x) => x.startsWith('in --> in__'))).toBe(false);
  });

  it('is deterministic and independent of the order of `on` keys', () => {
    const make = (flip: boolean) =>
      setup({}).createMachine({
        id: 'order',
        initial: 'a',
        states: { a: { on: flip ? { Z: 'b', A: 'b' } : { A: 'b', Z: 'b' } }, b: {} },
      });
    expect(machineToMermaid(make(false))).toBe(machineToMermaid(make(true)));
    expect(machineToMermaid(make(false))).toBe(machineToMermaid(make(false)));
  });

  it('escapes characters that would break Mermaid syntax', () => {
    expect(escapeLabel('a;b #c {d} "e" <f>')).toBe('a#59;b #35;c #123;d#125; #quot;e#quot; #lt;f#gt;');
    const m = setup({}).createMachine({ id: 'esc', initial: 'end', states: { end: { description: '等待; 输入' } } });
    const l = lines(machineToMermaid(m));
    // `end` is a Mermaid keyword: the id is suffixed, the label kept.
    expect(l).toContain('state "end" as end_2');
    expect(l).toContain('end_2 : 等待#59; 输入');
  });

  it('counts states and transitions', () => {
    const m = setup({}).createMachine({ id: 'count', initial: 'a', states: { a: { on: { X: 'b' }, always: { target: 'b' } }, b: {} } });
    expect(machineStats(m)).toEqual({ states: 2, transitions: 2 });
  });
});

describe('machineToMermaid with the label table', () => {
  const m = setup({ guards: { isEmpty: () => false }, actors: { load: fromPromise(async () => 1) } }).createMachine({
    id: 'page',
    initial: 'loading',
    states: {
      loading: {
        invoke: { id: 'load', src: 'load', onDone: [{ guard: 'isEmpty', target: 'empty' }, { target: 'shown' }], onError: 'failed' },
      },
      shown: { on: { EDIT: { actions: () => {} } } },
      empty: {},
      failed: { on: { RETRY: 'loading' }, after: { 1000: 'loading' } },
    },
  });
  const texts = {
    title: '页面',
    description: '演示。',
    states: { loading: '加载中', shown: '已显示', empty: '暂无内容', failed: '加载失败' },
    events: {
      'xstate.done.actor.load': { label: '已加载', step: '等待' },
      'xstate.error.actor.load': { label: '出错', step: '断网' },
      EDIT: { label: '输入', step: '输入' },
      RETRY: { label: '重新加载', step: '点击“重新加载”' },
      'xstate.after.1000.page.failed': { label: '1秒后', step: '等待1秒' },
    },
    guards: { isEmpty: '没有内容' },
  };

  it('draws states, events, timers and guards with their Chinese labels; ids stay English; invokes are left out', () => {
    const l = lines(machineToMermaid(m, texts));
    expect(l).toEqual(
      expect.arrayContaining([
        'state "加载中" as loading',
        'loading --> empty : 已加载 [没有内容]',
        'loading --> shown : 已加载',
        'loading --> failed : 出错',
        'failed --> loading : 重新加载',
        'failed --> loading : 1秒后',
        'shown : 本状态内：输入',
      ]),
    );
    expect(l.some((x) => x.includes('invoke:'))).toBe(false);
  });

  it('keeps the English name of anything the table lacks', () => {
    const l = lines(machineToMermaid(m, { ...texts, states: {}, events: {}, guards: {} }));
    expect(l).toContain('state "loading" as loading');
    expect(l).toContain('loading --> empty : done: load [isEmpty]');
  });

  it('builds a gallery page with the title, description, diagram file and the tables, with no script or remote resource', () => {
    const html = buildIndexHtml([
      {
        id: 'page',
        file: 'src/machines/site/page.machine.ts',
        exportName: 'pageMachine',
        fileBase: 'page',
        texts,
        keys: flowKeys(m),
        svg: 'current',
        stats: machineStats(m),
        paths: [
          {
            machine: 'page',
            suite: 'page on /demo',
            start: '打开 /demo',
            coverage: { missingStates: [], unassertedStates: [], missingTransitions: [], excused: {} },
            paths: [
              [
                ['xstate.init', '', ['loading']],
                ['xstate.error.actor.load', '“服务器错误(500)”', ['failed']],
                ['RETRY', '', ['loading']],
              ],
            ],
          },
        ],
        screens: { failed: { file: 'abc.webp', width: 375, height: 600, suite: 'page on /demo', hash: 'abc' } },
      },
    ]);
    expect(html).toContain('<h2>页面 <code class="id">page</code></h2>');
    expect(html).toContain('<p class="desc">演示。</p>');
    expect(html).toContain('<img src="page.svg"');
    expect(html).toContain('<td>重新加载</td><td>点击“重新加载”</td><td><code>RETRY</code></td>');
    expect(html).toContain('<code>loading</code>');
    // The test paths, as QA reads them: numbered steps, each with the state the screen should then be in.
    expect(html).toContain('测试路径（1 条）');
    // Each state's screen, as a thumbnail loaded lazily that opens the picture.
    expect(html).toContain(
      '<a class="screen" href="screens/abc.webp" title="打开原图"><img src="screens/abc.webp" alt="加载失败时的页面" width="188" height="300" loading="lazy"></a>',
    );
    expect(html).toContain('<li>打开 /demo → 加载中</li><li>断网（“服务器错误(500)”） → 加载失败</li><li>点击“重新加载” → 加载中</li>');
    expect(html).not.toMatch(/<script|<link|https?:\/\/|@import|url\(/i);
  });

  it('sizes an SVG by its viewBox and drops data-points', () => {
    const svg =
      '<svg id="x" width="100%" xmlns="http://www.w3.org/2000/svg" style="max-width: 311.5px;" viewBox="25.1 0 311.5 235"><path data-points="AAA=" d="M0"/></svg>';
    expect(tidySvg(svg)).toBe('<svg id="x" width="312" height="235" xmlns="http://www.w3.org/2000/svg" viewBox="25.1 0 311.5 235"><path d="M0"/></svg>');
  });
});

describe('machine discovery', () => {
  it('takes every StateMachine export once, sorted by export name', () => {
    const m1 = setup({}).createMachine({ id: 'one' });
    const m2 = setup({}).createMachine({ id: 'two' });
    const found = machinesFromModule('x.machine.ts', { b: m2, a: m1, alias: m1, helper: () => 1, value: 42 });
    expect(found.map((f) => [f.exportName, f.machine.id])).toEqual([
      ['a', 'one'],
      ['b', 'two'],
    ]);
    expect(isStateMachine({ root: {} })).toBe(false);
  });

  it('handles zero machines and rejects duplicate ids', () => {
    expect(collectMachines([])).toEqual([]);
    expect(expectedMermaidFiles([]).size).toBe(0);
    const a = setup({}).createMachine({ id: 'dup' });
    const b = setup({}).createMachine({ id: 'dup' });
    expect(() =>
      collectMachines([
        { file: 'a.machine.ts', mod: { a } },
        { file: 'b.machine.ts', mod: { b } },
      ]),
    ).toThrow(/dup/);
    const warnings: string[] = [];
    collectMachines([{ file: 'empty.machine.ts', mod: { x: 1 } }], warnings);
    expect(warnings).toHaveLength(1);
  });
});
