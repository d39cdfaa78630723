/**
 * npm run statecharts — one diagram per XState machine of src/machines/**\/*.machine.ts:
 *
 *   statecharts/<machineId>.mmd   Mermaid stateDiagram-v2 source, labelled in Chinese from
 *                                 src/domain/flows.texts.ts (compared in CI)
 *   statecharts/<machineId>.svg   rendered with mermaid 11 in /usr/bin/chromium (when present)
 *   statecharts/index.html        the gallery for product owners: per machine its title,
 *                                 description, diagram (the SVG file) and tables of states and
 *                                 events; opens from disk, no network (compared in CI)
 *
 * Flags:
 *   --check   regenerate the .mmd sources and index.html in memory; exit 1 listing stale /
 *             missing / extra files and labels the table lacks or has in excess; writes nothing
 *   --no-svg  do not start chromium (keep existing SVGs)
 *   --force   re-render every SVG, even those rendered from the same source
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  OUTPUT_DIR,
  collectMachines,
  compareMermaidFiles,
  expectedMermaidFiles,
  fileBase,
  findMachineFiles,
  isUpToDate,
  type FoundMachine,
} from './statecharts/discover';
import { FLOW_TEXTS } from '../src/domain/flows.texts';
import { buildIndexHtml, type IndexEntry } from './statecharts/indexHtml';
import { flowKeys, flowTextProblems } from './statecharts/labels';
import { CHROMIUM_PATH, canRender, renderSvgs } from './statecharts/render';
import { readScreensIndex } from './statecharts/screens';
import { loadModules } from './statecharts/loadModules';
import { readAllPaths } from './statecharts/testPaths';
import { machineStats } from './statecharts/toMermaid';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, OUTPUT_DIR);

const args = new Set(process.argv.slice(2));
for (const a of args) {
  if (!['--check', '--no-svg', '--force', '--help', '-h'].includes(a)) {
    console.error(`statecharts: unknown option ${a}`);
    process.exit(2);
  }
}
if (args.has('--help') || args.has('-h')) {
  console.log('usage: tsx scripts/statecharts.ts [--check] [--no-svg] [--force]');
  process.exit(0);
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
const svgHeader = (source: string): string => `<!-- statechart source sha256:${sha256(source)} -->\n`;
/** Whether an SVG file was rendered from this exact Mermaid source. */
const svgMatches = (svg: string | undefined, source: string): boolean => !!svg && svg.startsWith(svgHeader(source));
const readIfExists = (path: string): string | undefined => (existsSync(path) ? readFileSync(path, 'utf8') : undefined);

function writeIfChanged(path: string, content: string): boolean {
  if (readIfExists(path) === content) return false;
  writeFileSync(path, content);
  return true;
}

/** The gallery page, from the machines, the label table and the SVG files as they are on disk. */
function indexHtml(machines: FoundMachine[], sourceOf: (id: string) => string): string {
  const paths = readAllPaths(ROOT);
  const screens = readScreensIndex(ROOT);
  const entries: IndexEntry[] = machines.map((m) => {
    const base = fileBase(m.machine.id);
    const svg = readIfExists(join(OUT, `${base}.svg`));
    return {
      id: m.machine.id,
      file: m.file,
      exportName: m.exportName,
      fileBase: base,
      texts: FLOW_TEXTS[m.machine.id],
      keys: flowKeys(m.machine),
      svg: svg === undefined ? 'missing' : svgMatches(svg, sourceOf(m.machine.id)) ? 'current' : 'stale',
      stats: machineStats(m.machine),
      paths: paths.filter((p) => p.machine === m.machine.id),
      screens: screens[m.machine.id] ?? {},
    };
  });
  return buildIndexHtml(entries);
}

async function main(): Promise<number> {
  const files = findMachineFiles(ROOT);
  const warnings: string[] = [];
  const machines: FoundMachine[] = collectMachines(await loadModules(ROOT, files), warnings);
  for (const w of warnings) console.warn(`statecharts: warning: ${w}`);
  const expected = expectedMermaidFiles(machines, FLOW_TEXTS);
  const sourceOf = (id: string): string => expected.get(`${fileBase(id)}.mmd`)!;
  const labelProblems = machines.flatMap((m) => flowTextProblems(m.machine, FLOW_TEXTS[m.machine.id]));

  if (args.has('--check')) {
    const report = compareMermaidFiles(OUT, expected);
    const indexCurrent = readIfExists(join(OUT, 'index.html')) === indexHtml(machines, sourceOf);
    if (isUpToDate(report) && indexCurrent && labelProblems.length === 0) {
      console.log(`statecharts: ${machines.length} machine(s), ${OUTPUT_DIR}/*.mmd and index.html up to date, every label present`);
      for (const m of machines) {
        const base = fileBase(m.machine.id);
        if (!svgMatches(readIfExists(join(OUT, `${base}.svg`)), sourceOf(m.machine.id))) {
          console.warn(`statecharts: note: ${OUTPUT_DIR}/${base}.svg is missing or older than its .mmd (run npm run statecharts where chromium is installed)`);
        }
      }
      return 0;
    }
    if (labelProblems.length > 0) {
      console.error('statecharts: src/domain/flows.texts.ts does not match src/machines — add or remove these labels:');
      for (const p of labelProblems) console.error(`  ${p}`);
    }
    if (!isUpToDate(report) || !indexCurrent) {
      console.error(
        `statecharts: ${OUTPUT_DIR}/ is out of date with src/machines and src/domain/flows.texts.ts — run \`npm run statecharts\` and commit the result.`,
      );
      for (const f of report.stale) console.error(`  stale:   ${OUTPUT_DIR}/${f}`);
      for (const f of report.missing) console.error(`  missing: ${OUTPUT_DIR}/${f}`);
      for (const f of report.extra) console.error(`  extra:   ${OUTPUT_DIR}/${f} (no machine with this id)`);
      if (!indexCurrent) console.error(`  stale:   ${OUTPUT_DIR}/index.html`);
    }
    return 1;
  }
  for (const p of labelProblems) console.warn(`statecharts: warning: ${p}`);

  mkdirSync(OUT, { recursive: true });
  const wanted = new Set<string>();
  for (const [name, content] of expected) {
    wanted.add(name);
    wanted.add(name.replace(/\.mmd$/, '.svg'));
    if (writeIfChanged(join(OUT, name), content)) console.log(`  wrote ${OUTPUT_DIR}/${name}`);
  }
  for (const f of readdirSync(OUT)) {
    if (/\.(mmd|svg)$/.test(f) && !wanted.has(f)) {
      rmSync(join(OUT, f));
      console.log(`  removed ${OUTPUT_DIR}/${f} (no machine with this id)`);
    }
  }

  // SVGs: re-render those whose source changed (all with --force).
  const todo = machines
    .map((m) => m.machine.id)
    .filter((id) => args.has('--force') || !svgMatches(readIfExists(join(OUT, `${fileBase(id)}.svg`)), sourceOf(id)));
  if (todo.length > 0 && args.has('--no-svg')) {
    console.log(`statecharts: --no-svg: ${todo.length} SVG(s) not rendered`);
  } else if (todo.length > 0 && !canRender()) {
    console.log(
      `statecharts: note: ${CHROMIUM_PATH} not found — ${todo.length} SVG(s) not rendered, existing SVGs kept (install chromium: bash scripts/ensure-browser.sh)`,
    );
  } else if (todo.length > 0) {
    const rendered = await renderSvgs(todo.map((id) => ({ id, source: sourceOf(id) })));
    for (const [id, svg] of rendered) {
      writeFileSync(join(OUT, `${fileBase(id)}.svg`), svgHeader(sourceOf(id)) + svg);
      console.log(`  rendered ${OUTPUT_DIR}/${fileBase(id)}.svg`);
    }
  }

  if (writeIfChanged(join(OUT, 'index.html'), indexHtml(machines, sourceOf))) console.log(`  wrote ${OUTPUT_DIR}/index.html`);
  console.log(`statecharts: ${machines.length} machine(s) from ${files.length} file(s) → ${OUTPUT_DIR}/`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  },
);
