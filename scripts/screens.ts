/**
 * npm run screens — refreshes the gallery's pictures of each state (scripts/statecharts/screens.ts
 * says how): runs the model tests capturing each state's screen, draws them in Chromium with the
 * built CSS (building dist/ first when it is missing), then regenerates statecharts/index.html.
 * The model run that CI makes reports which pictures are stale; this command makes them current.
 *
 *   npm run screens                                   every suite's states (about 3 minutes)
 *   npm run screens -- tests/model/couponAcquire      only these suites' states; the others' pictures stay
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ScreenCapture } from '../tests/model/screenCapture';
import { canRender, CHROMIUM_PATH } from './statecharts/render';
import { chooseCaptures, readScreensIndex, renderScreens, SCREENS_DIR } from './statecharts/screens';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CAPTURES = join(ROOT, '.tmp/screens-capture');
const DIST = join(ROOT, 'dist');

const run = (command: string, args: string[], env: NodeJS.ProcessEnv = process.env): number =>
  spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env }).status ?? 1;

async function main(): Promise<number> {
  if (!canRender()) {
    console.error(`screens: ${CHROMIUM_PATH} not found (bash scripts/ensure-browser.sh)`);
    return 1;
  }
  rmSync(CAPTURES, { recursive: true, force: true });
  const only = process.argv.slice(2);
  const tests = run('npx', ['vitest', 'run', '--project', 'model', ...only], { ...process.env, XT_CAPTURE_SCREENS: CAPTURES });
  if (tests !== 0) console.warn('screens: some model tests failed: the states they did not reach have no new picture');
  if (!existsSync(join(DIST, 'assets')) && run('npx', ['vite', 'build', '--mode', 'prod']) !== 0) return 1;
  const captures = readdirSync(CAPTURES).map((f) => JSON.parse(readFileSync(join(CAPTURES, f), 'utf8')) as ScreenCapture);
  const chosen = chooseCaptures(captures);
  console.log(`screens: drawing ${chosen.length} states' screens`);
  const index = await renderScreens(ROOT, DIST, chosen, only.length > 0 ? readScreensIndex(ROOT) : undefined);
  const files = new Set(Object.values(index).flatMap((states) => Object.values(states).map((e) => e.file)));
  console.log(`screens: ${files.size} pictures in ${SCREENS_DIR}/`);
  rmSync(CAPTURES, { recursive: true, force: true });
  return run('npx', ['tsx', 'scripts/statecharts.ts']);
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e instanceof Error ? e.stack : e);
    process.exit(1);
  },
);
