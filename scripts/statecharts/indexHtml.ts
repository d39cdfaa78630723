/**
 * statecharts/index.html: one self-contained page (inline SVG, inline CSS, no script, no
 * network), so it opens from disk (file://) in any browser with no tooling.
 */

export interface IndexEntry {
  id: string;
  /** Repo-relative module path and export name. */
  file: string;
  exportName: string;
  mermaid: string;
  /** SVG markup, or undefined when it has not been rendered. */
  svg: string | undefined;
  /** Whether the SVG was rendered from this exact Mermaid source. */
  svgCurrent: boolean;
  stats: { states: number; transitions: number };
}

function esc(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

/** Drops an XML prolog / DOCTYPE, if any, so the SVG can sit inline in HTML. */
function inlineSvg(svg: string): string {
  return svg.replace(/<\?xml[^>]*\?>\s*/g, '').replace(/<!DOCTYPE[^>]*>\s*/gi, '').trim();
}

export function buildIndexHtml(entries: IndexEntry[]): string {
  const toc = entries
    .map((e) => `      <li><a href="#m-${esc(e.id)}">${esc(e.id)}</a> <span class="muted">${esc(e.file)}</span></li>`)
    .join('\n');
  const sections = entries
    .map((e) => {
      const picture = e.svg
        ? `${e.svgCurrent ? '' : '      <p class="warn">此图由旧版源码渲染，可能已过时：运行 <code>npm run statecharts</code>（需要 chromium）重新生成。</p>\n'}      <div class="diagram">${inlineSvg(e.svg)}</div>`
        : '      <p class="warn">尚未渲染 SVG（生成时没有 chromium）：请查看下方 Mermaid 源码，或安装 chromium 后运行 <code>npm run statecharts</code>。</p>';
      return [
        `    <section id="m-${esc(e.id)}">`,
        `      <h2>${esc(e.id)}</h2>`,
        `      <p class="muted">源文件 <code>${esc(e.file)}</code>（导出 <code>${esc(e.exportName)}</code>）· ${e.stats.states} 个状态 · ${e.stats.transitions} 条迁移 · 文件 <code>${esc(e.id)}.mmd</code> / <code>${esc(e.id)}.svg</code></p>`,
        picture,
        '      <details>',
        '        <summary>Mermaid 源码</summary>',
        `        <pre>${esc(e.mermaid)}</pre>`,
        '      </details>',
        '    </section>',
      ].join('\n');
    })
    .join('\n');
  const body =
    entries.length === 0
      ? '    <p>暂无状态机：<code>src/machines/**/*.machine.ts</code> 中还没有导出任何 XState 状态机。</p>'
      : `    <nav>\n      <h2>目录</h2>\n      <ol>\n${toc}\n      </ol>\n    </nav>\n${sections}`;
  return `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>学途 · 状态图</title>
    <style>
      body { font-family: system-ui, -apple-system, "Segoe UI", "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif; margin: 0 auto; max-width: 1200px; padding: 24px; color: #1f1f1f; line-height: 1.6; }
      h1 { margin-top: 0; }
      section { border-top: 1px solid #ddd; padding-top: 16px; margin-top: 32px; }
      .muted { color: #666; font-size: 14px; }
      .warn { background: #fff4ce; border: 1px solid #f0d77a; padding: 8px 12px; border-radius: 4px; }
      .diagram { overflow: auto; border: 1px solid #eee; border-radius: 4px; padding: 8px; background: #fff; }
      .diagram svg { height: auto; }
      pre { background: #f6f8fa; padding: 12px; overflow: auto; font-size: 13px; }
      code { font-family: ui-monospace, Menlo, Consolas, monospace; }
      .legend li { margin: 2px 0; }
    </style>
  </head>
  <body>
    <h1>学途 · 状态图</h1>
    <p class="muted">由 <code>npm run statecharts</code> 根据 <code>src/machines</code> 中的 XState 状态机自动生成，请勿手工修改；代码变更后若未重新生成，CI 会失败。</p>
    <details class="legend">
      <summary>图例</summary>
      <ul>
        <li>● → 状态：初始状态；状态 → ◉：终止状态（final）。</li>
        <li>迁移标签：事件名，<code>[守卫]</code> 表示带条件；<code>after 60000ms</code> 为定时迁移；<code>done: id</code> / <code>error: id</code> 为调用（invoke）的服务成功 / 失败；<code>always</code> 为无事件的自动迁移；<code>done</code> 为复合状态完成。</li>
        <li>「任意状态」/「任意子状态」：在整个状态机 / 该复合状态内任意位置都响应的事件。</li>
        <li>状态框内 <code>invoke:</code> 为进入该状态时调用的服务，<code>on:</code> 为不改变状态、只执行动作的事件。</li>
        <li>虚线分隔的区域为并行状态（parallel）的各个区域，同时处于活动状态。</li>
      </ul>
    </details>
${body}
  </body>
</html>
`;
}
