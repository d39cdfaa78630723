/**
 * Renders Mermaid sources to SVG with mermaid 11 inside Debian's chromium (playwright-core,
 * no browser download). Offline: the page is blank and mermaid is loaded from node_modules.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Latin fonts first, then the CJK fonts a reader's system may have (Noto CJK on Debian). */
export const DIAGRAM_FONT =
  '"trebuchet ms", verdana, arial, "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", "Noto Sans SC", sans-serif';

export function canRender(): boolean {
  return existsSync(CHROMIUM_PATH);
}

/** DOM id of a diagram's SVG; also scopes the SVG's internal CSS, so it must be unique per page. */
export function svgId(machineId: string): string {
  return `statechart-${machineId.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

/**
 * Makes Mermaid's SVG a file of its own: the size of its viewBox as width and height (Mermaid
 * writes width="100%", which an <img> or a viewer cannot size), without the per-edge
 * `data-points` (base64 coordinates for Mermaid's own tooling, a third of a big diagram's bytes).
 */
export function tidySvg(svg: string): string {
  return svg
    .replace(/<svg\b[^>]*>/, (open) => {
      const box = /viewBox="[-\d.]+ [-\d.]+ ([\d.]+) ([\d.]+)"/.exec(open);
      if (!box) return open;
      const [w, h] = [Math.ceil(Number(box[1])), Math.ceil(Number(box[2]))];
      return open.replace(/ width="100%"/, ` width="${w}" height="${h}"`).replace(/ style="max-width: [\d.]+px;"/, '');
    })
    .replace(/ data-points="[^"]*"/g, '');
}

/**
 * Renders each diagram (id → Mermaid source) to SVG markup. One browser for all diagrams.
 * Throws with the diagram id when Mermaid rejects a source.
 */
export async function renderSvgs(diagrams: Array<{ id: string; source: string }>): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (diagrams.length === 0) return out;
  const { chromium } = await import('playwright-core');
  const mermaidPath = createRequire(import.meta.url).resolve('mermaid/dist/mermaid.min.js');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    // Nothing may leave the machine: the page only ever needs the script we inject.
    await page.route('**/*', (route) => route.abort());
    await page.setContent('<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"></head><body></body></html>');
    await page.addScriptTag({ path: mermaidPath });
    await page.evaluate((fontFamily) => {
      const m = (globalThis as unknown as { mermaid: { initialize(c: unknown): void } }).mermaid;
      m.initialize({
        startOnLoad: false,
        securityLevel: 'strict',
        theme: 'default',
        fontFamily,
        themeVariables: { fontFamily },
        // Plain SVG <text> labels (no <foreignObject>): the files then display in any SVG viewer.
        htmlLabels: false,
        state: { htmlLabels: false },
        deterministicIds: true,
      });
    }, DIAGRAM_FONT);
    for (const d of diagrams) {
      const result = await page.evaluate(
        async ({ id, source }) => {
          const m = (globalThis as unknown as { mermaid: { render(id: string, src: string): Promise<{ svg: string }> } }).mermaid;
          try {
            return { svg: (await m.render(id, source)).svg };
          } catch (e) {
            return { error: String((e as Error)?.message ?? e) };
          }
        },
        { id: svgId(d.id), source: d.source },
      );
      if ('error' in result) throw new Error(`Mermaid could not render ${d.id}: ${result.error}`);
      out.set(d.id, `${tidySvg(result.svg)}\n`);
    }
  } finally {
    await browser.close();
  }
  return out;
}
