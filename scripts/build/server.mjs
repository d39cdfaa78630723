/**
 * Compiles the server ahead of time: server/main.ts and everything it imports (src/domain, the
 * paths) into one plain-JavaScript ES module, dist-server/main.mjs, with a source map, beside a
 * copy of the migrations (server/db/migrate.ts finds them next to itself). Packages stay in
 * node_modules. `npm start` runs it with node, so production needs no TypeScript at run time.
 *
 *   node scripts/build/server.mjs        (npm run build:server)
 */
import { cpSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SERVER_OUT = join(ROOT, 'dist-server');
export const SERVER_ENTRY = join(SERVER_OUT, 'main.mjs');
/** What the compiled server is made of: a newer file here means it must be built again. */
export const SERVER_SOURCES = ['server', 'src/domain', 'src/paths.ts', 'package.json'];

export async function buildServer() {
  rmSync(SERVER_OUT, { recursive: true, force: true });
  await build({
    entryPoints: [join(ROOT, 'server/main.ts')],
    outfile: SERVER_ENTRY,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
  cpSync(join(ROOT, 'server/db/migrations'), join(SERVER_OUT, 'migrations'), { recursive: true });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildServer();
  console.log(`build:server: ${SERVER_ENTRY.slice(ROOT.length + 1)}`);
}
