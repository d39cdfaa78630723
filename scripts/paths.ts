/**
 * npm run paths — the model-based test paths as numbered steps in Chinese, for QA: each step is
 * what to do on the screen, then what the screen should show after it (the state's Chinese name).
 * A tester can run a path by hand, or file a bug against "path 12, step 3".
 *
 *   npm run paths                  the machines, with how many paths each has
 *   npm run paths -- <machine>     every path of that machine (its id, e.g. smsLogin)
 *   npm run paths -- --write       regenerate statecharts/paths/ (runs the model tests with
 *                                  XT_WRITE_PATHS=1), then the gallery (npm run statecharts)
 *
 * The paths come from statecharts/paths/, which `npm run test:model` checks against the real
 * machines (scripts/statecharts/testPaths.ts); the words come from src/domain/flows.texts.ts.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FLOW_TEXTS } from '../src/domain/flows.texts';
import { PATHS_DIR, pathGoal, pathSteps, readAllPaths } from './statecharts/testPaths';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);

function run(command: string, commandArgs: string[], env: NodeJS.ProcessEnv = process.env): number {
  return spawnSync(command, commandArgs, { cwd: ROOT, stdio: 'inherit', env }).status ?? 1;
}

function write(): number {
  rmSync(join(ROOT, PATHS_DIR), { recursive: true, force: true });
  const tests = run('npx', ['vitest', 'run', '--project', 'model'], { ...process.env, XT_WRITE_PATHS: '1' });
  if (tests !== 0) {
    console.error('paths: the model tests failed; the paths of the failing suites may be incomplete');
    return tests;
  }
  return run('npx', ['tsx', 'scripts/statecharts.ts']);
}

function list(): number {
  const suites = readAllPaths(ROOT);
  const machines = [...new Set(suites.map((s) => s.machine))].sort();
  console.log('每个流程的测试路径条数（npm run paths -- <标识> 打印其全部路径）：\n');
  for (const id of machines) {
    const mine = suites.filter((s) => s.machine === id);
    const count = mine.reduce((n, s) => n + s.paths.length, 0);
    console.log(`  ${id.padEnd(24)} ${String(count).padStart(4)} 条  ${FLOW_TEXTS[id]?.title ?? ''}`);
  }
  return 0;
}

function print(machine: string): number {
  const suites = readAllPaths(ROOT).filter((s) => s.machine === machine);
  if (suites.length === 0) {
    console.error(`paths: no paths for "${machine}" (npm run paths lists the machines)`);
    return 1;
  }
  const texts = FLOW_TEXTS[machine];
  const total = suites.reduce((n, s) => n + s.paths.length, 0);
  console.log(`${texts?.title ?? machine}（${machine}）：${total} 条路径`);
  if (texts) console.log(texts.description);
  let n = 0;
  for (const suite of suites) {
    console.log(`\n== ${suite.start}（${suite.suite}）`);
    for (const path of suite.paths) {
      n += 1;
      console.log(`\n路径 ${n}：到达「${pathGoal(path, texts)}」`);
      for (const line of pathSteps(suite, path, texts)) console.log(`  ${line}`);
    }
  }
  return 0;
}

const code = args.includes('--write') ? write() : args.length === 0 ? list() : print(args[0]!);
process.exit(code);
