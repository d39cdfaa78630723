/**
 * statecharts/index.html: the gallery product owners read. One page with inline CSS and no script,
 * web font or network: it opens from disk (file://) in any browser. Per machine, in Chinese: the
 * flow's title and description, its diagram (the `<id>.svg` file next to the page, drawn with the
 * labels of src/domain/flows.texts.ts) and two tables, the states (label, id) and the events
 * (label, the tester's step, type), so developers can map every Chinese label to its id.
 */
import type { FlowTexts } from '../../src/domain/flows.texts';
import { ALWAYS_EVENT } from './labels';
import type { ScreenEntry } from './screens';
import { pathGoal, pathSteps, type SuitePaths } from './testPaths';

export interface IndexEntry {
  id: string;
  /** Repo-relative module path and export name. */
  file: string;
  exportName: string;
  /** Base name of the `.mmd` / `.svg` files next to the page. */
  fileBase: string;
  /** The machine's entry of the label table, if any. */
  texts: FlowTexts | undefined;
  /** The machine's state paths, event types and guards (labels.ts). */
  keys: { states: string[]; events: string[]; guards: string[] };
  /** Whether `<fileBase>.svg` exists, and whether it was rendered from the current source. */
  svg: 'current' | 'stale' | 'missing';
  stats: { states: number; transitions: number };
  /** The model-based test paths of the suites that drive this machine (statecharts/paths/). */
  paths: readonly SuitePaths[];
  /** State path → the picture of its screen (statecharts/screens/, `npm run screens`). */
  screens: Readonly<Record<string, ScreenEntry>>;
}

/** The areas of docs/architecture.md, in its order, with their names for the table of contents. */
export const AREA_NAMES: ReadonlyArray<readonly [string, string]> = [
  ['account', '账号与登录'],
  ['catalog', '课程'],
  ['commerce', '订单与优惠'],
  ['learning', '学习'],
  ['questionBank', '题库'],
  ['site', '网站'],
  ['shared', '公共'],
];

export function areaOf(file: string): string {
  return /^src\/machines\/([^/]+)\//.exec(file)?.[1] ?? 'shared';
}

function esc(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

/** How an event type reads in the id column: the invoke and timer events shortened the way the diagram's English version names them. */
function eventId(type: string): string {
  if (type === ALWAYS_EVENT) return '(always) 无事件的自动迁移';
  return type;
}

const table = (head: string[], rows: string[][]): string =>
  [
    '        <table>',
    `          <thead><tr>${head.map((h) => `<th>${h}</th>`).join('')}</tr></thead>`,
    '          <tbody>',
    ...rows.map((r) => `            <tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`),
    '          </tbody>',
    '        </table>',
  ].join('\n');

function section(e: IndexEntry): string {
  const t = e.texts;
  const title = t?.title ?? e.id;
  const depth = (path: string): number => path.split('.').length - 1;
  const screen = (s: string): string => {
    const shot = e.screens[s];
    if (!shot) return '';
    const alt = `${t?.states[s] ?? s}时的页面`;
    return `<a class="screen" href="screens/${esc(shot.file)}" title="打开原图"><img src="screens/${esc(shot.file)}" alt="${esc(alt)}" width="${Math.round(shot.width / 2)}" height="${Math.round(shot.height / 2)}" loading="lazy"></a>`;
  };
  const states = table(
    ['状态', '标识', '此时的页面'],
    e.keys.states.map((s) => [
      `<span style="padding-left:${depth(s) * 1.2}em">${esc(t?.states[s] ?? '（缺少中文名）')}</span>`,
      `<code>${esc(s)}</code>`,
      screen(s),
    ]),
  );
  const events = table(
    ['事件', '测试步骤', '标识'],
    e.keys.events.map((ev) => {
      const text = t?.events[ev];
      return [esc(text?.label ?? '（缺少中文名）'), esc(text?.step ?? ''), `<code>${esc(eventId(ev))}</code>`];
    }),
  );
  const guards =
    e.keys.guards.length === 0
      ? ''
      : `\n      <details>\n        <summary>条件（${e.keys.guards.length}）：箭头上方括号里的文字</summary>\n${table(
          ['条件', '标识'],
          e.keys.guards.map((g) => [esc(t?.guards[g] ?? '（缺少中文名）'), `<code>${esc(g)}</code>`]),
        )}\n      </details>`;
  const picture =
    e.svg === 'missing'
      ? '      <p class="warn">尚未渲染状态图（生成时没有 chromium）：安装 chromium 后运行 <code>npm run statecharts</code>。</p>'
      : `${e.svg === 'stale' ? '      <p class="warn">此图由旧版源码渲染，可能已过时：运行 <code>npm run statecharts</code>（需要 chromium）重新生成。</p>\n' : ''}      <a class="diagram" href="${esc(e.fileBase)}.svg" title="打开原尺寸状态图"><img src="${esc(e.fileBase)}.svg" alt="${esc(title)}的状态图" loading="lazy"></a>`;
  const testPaths = pathsBlock(e, t);
  return [
    `    <section id="m-${esc(e.id)}">`,
    `      <h2>${esc(title)} <code class="id">${esc(e.id)}</code></h2>`,
    `      <p class="desc">${esc(t?.description ?? '（缺少说明：在 src/domain/flows.texts.ts 中补上。）')}</p>`,
    picture,
    '      <div class="tables">',
    `      <div>\n        <h3>状态（${e.keys.states.length}）</h3>\n${states}\n      </div>`,
    `      <div>\n        <h3>事件（${e.keys.events.length}）</h3>\n${events}\n      </div>`,
    '      </div>',
    guards,
    testPaths,
    `      <p class="muted">源文件 <code>${esc(e.file)}</code>（导出 <code>${esc(e.exportName)}</code>）· ${e.stats.states} 个状态 · ${e.stats.transitions} 条迁移 · <a href="${esc(e.fileBase)}.svg">SVG</a> · <a href="${esc(e.fileBase)}.mmd">Mermaid 源码</a> · <a href="#top">回到目录</a></p>`,
    '    </section>',
  ]
    .filter((line) => line !== '')
    .join('\n');
}

/**
 * The machine's test paths as QA reads them (the text `npm run paths -- <id>` prints), folded: a
 * numbered list of steps per path, each ending in what the screen should then show.
 */
function pathsBlock(e: IndexEntry, t: FlowTexts | undefined): string {
  const total = e.paths.reduce((n, s) => n + s.paths.length, 0);
  if (total === 0) return '      <p class="warn">还没有模型测试路径：在 <code>tests/model/</code> 为它写一组模型测试。</p>';
  let n = 0;
  const suites = e.paths.map((suite) => {
    const items = suite.paths.map((path) => {
      n += 1;
      const steps = pathSteps(suite, path, t).map((line) => `<li>${esc(line.replace(/^\d+\. /, ''))}</li>`);
      return `          <li id="p-${esc(e.id)}-${n}"><b>路径 ${n}</b>：到达「${esc(pathGoal(path, t))}」<ol>${steps.join('')}</ol></li>`;
    });
    return [`        <h4>${esc(suite.start)} <code class="id">${esc(suite.suite)}</code></h4>`, `        <ol class="paths" start="${n - suite.paths.length + 1}">`, ...items, '        </ol>'].join('\n');
  });
  return [
    '      <details class="test-paths">',
    `        <summary>测试路径（${total} 条）：按步骤在页面上操作，每步之后页面应处于箭头后的状态（<code>npm run paths -- ${esc(e.id)}</code> 打印同样的内容）</summary>`,
    ...suites,
    '      </details>',
  ].join('\n');
}

export function buildIndexHtml(entries: IndexEntry[]): string {
  const known = new Set(AREA_NAMES.map(([a]) => a));
  const areas = [...AREA_NAMES, ...[...new Set(entries.map((e) => areaOf(e.file)))].filter((a) => !known.has(a)).map((a) => [a, a] as const)];
  const toc = areas
    .map(([area, name]) => {
      const mine = entries.filter((e) => areaOf(e.file) === area);
      if (mine.length === 0) return '';
      const items = mine.map((e) => `<li><a href="#m-${esc(e.id)}">${esc(e.texts?.title ?? e.id)}</a> <code class="id">${esc(e.id)}</code></li>`).join('');
      return `      <div><h3>${esc(name)}</h3><ul>${items}</ul></div>`;
    })
    .filter((x) => x !== '')
    .join('\n');
  const byArea = areas.flatMap(([area]) => entries.filter((e) => areaOf(e.file) === area));
  const body =
    entries.length === 0
      ? '    <p>暂无状态机：<code>src/machines/**/*.machine.ts</code> 中还没有导出任何 XState 状态机。</p>'
      : `    <nav id="top">\n      <h2>目录（${entries.length} 个流程）</h2>\n      <div class="toc">\n${toc}\n      </div>\n    </nav>\n${byArea.map(section).join('\n')}`;
  return `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>学途 · 业务流程图</title>
    <style>
      body { font-family: system-ui, -apple-system, "Segoe UI", "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif; margin: 0 auto; max-width: 1280px; padding: 24px; color: #1f1f1f; line-height: 1.6; }
      h1 { margin-top: 0; }
      h2 { margin-bottom: 4px; }
      h3 { margin: 12px 0 4px; font-size: 15px; }
      section { border-top: 1px solid #ddd; padding-top: 16px; margin-top: 32px; }
      .desc { font-size: 16px; max-width: 60em; }
      .muted { color: #666; font-size: 13px; }
      .id { color: #777; font-size: 12px; font-weight: normal; }
      .warn { background: #fff4ce; border: 1px solid #f0d77a; padding: 8px 12px; border-radius: 4px; }
      .diagram { display: block; overflow: auto; border: 1px solid #eee; border-radius: 4px; padding: 8px; background: #fff; text-align: center; }
      .diagram img { max-width: 100%; height: auto; }
      .tables { display: grid; grid-template-columns: minmax(0, 2fr) minmax(0, 3fr); gap: 24px; }
      @media (max-width: 900px) { .tables { grid-template-columns: 1fr; } }
      table { border-collapse: collapse; width: 100%; font-size: 14px; }
      th, td { border-bottom: 1px solid #eee; padding: 3px 8px 3px 0; text-align: left; vertical-align: top; }
      th { color: #555; font-weight: 600; }
      td code { font-size: 12px; color: #555; word-break: break-all; }
      code { font-family: ui-monospace, Menlo, Consolas, monospace; }
      .toc { columns: 3 260px; }
      .toc div { break-inside: avoid; }
      .toc ul { margin: 0 0 8px; padding-left: 20px; }
      details { margin: 8px 0; }
      h4 { margin: 12px 0 4px; font-size: 14px; }
      .paths { padding-left: 0; list-style: none; font-size: 14px; }
      .paths > li { margin: 6px 0; }
      .paths ol { margin: 2px 0; padding-left: 2.2em; color: #333; }
      .screen img { display: block; border: 1px solid #ddd; border-radius: 4px; background: #fafafa; }
    </style>
  </head>
  <body>
    <h1>学途 · 业务流程图</h1>
    <p>网站上每个业务流程（登录、下单、做题……）的状态图：学员在每一步能做什么、可能出什么问题、最后到哪里。每个流程有一段说明、一张图和两张表：图中方框是<b>状态</b>（学员此刻看到的页面情形），箭头是<b>事件</b>（学员的操作，或系统的结果，如“验证码已发送”“加载出错”），箭头上方括号里是走这条路的<b>条件</b>；事件表中的“测试步骤”是测试时在页面上怎样触发它。</p>
    <details>
      <summary>图例</summary>
      <ul>
        <li>● → 状态：开始的状态；状态 → ◉：流程结束。</li>
        <li>大方框里套小方框：一个大状态下的几个小步骤；大方框里用虚线分开的几块同时进行（如做题时一边作答、一边保存、一边倒计时）。</li>
        <li>「任意状态」「任意子状态」：在整个流程（或这个大方框里）任何一步都会响应的事件。</li>
        <li>「本状态内：…」：不离开这个状态、只更新页面的事件（如输入文字）。</li>
        <li>表中“标识”是代码里的英文名，供开发对照；点图可打开原尺寸的 SVG。</li>
      </ul>
    </details>
    <p class="muted">由 <code>npm run statecharts</code> 根据 <code>src/machines</code> 的状态机和 <code>src/domain/flows.texts.ts</code> 的中文标签自动生成，请勿手工修改；两者变更后若未重新生成，CI 会失败。</p>
${body}
  </body>
</html>
`;
}
