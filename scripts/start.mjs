#!/usr/bin/env node
/**
 * npm start — builds the SPA when dist/ is missing or older than its sources, compiles the server
 * when dist-server/ is (scripts/build/server.mjs: plain JavaScript, no TypeScript at run time),
 * then runs it with node in the foreground. Signals (Ctrl-C, SIGTERM from a supervisor) are passed
 * to the server, and this process exits with the server's exit code.
 *
 * The SPA build is `vite build --mode prod --manifest`; it runs when dist/index.html is missing or
 * any file under src/ or public/, or index.html, vite.config.ts or a .env file is newer. The
 * server is compiled when dist-server/main.mjs is missing or a file under server/ or src/domain/,
 * src/paths.ts or package.json is newer.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, SERVER_ENTRY, SERVER_SOURCES } from './build/server.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(ROOT, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);

/** The first path under `path` (file or directory, recursively) modified after `since`, if any. */
function newerThan(path, since) {
  if (!existsSync(path)) return undefined;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs > since ? path : undefined;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.DS_')) continue;
    const found = newerThan(join(path, entry.name), since);
    if (found) return found;
  }
  return undefined;
}

function buildReason() {
  const index = join(ROOT, 'dist', 'index.html');
  if (!existsSync(index)) return 'dist/index.html is missing';
  const built = statSync(index).mtimeMs;
  const envFiles = readdirSync(ROOT).filter((f) => f === '.env' || f.startsWith('.env.'));
  for (const p of ['src', 'public', 'index.html', 'vite.config.ts', ...envFiles]) {
    const found = newerThan(join(ROOT, p), built);
    if (found) return `${found.slice(ROOT.length + 1)} is newer than dist/index.html`;
  }
  return undefined;
}

const reason = buildReason();
if (reason) {
  console.log(`start: building the SPA (${reason}): vite build --mode prod --manifest`);
  const r = spawnSync(bin('vite'), ['build', '--mode', 'prod', '--manifest'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`start: the build failed (${r.status ?? r.signal}); not starting the server`);
    process.exit(r.status || 1);
  }
} else {
  console.log('start: dist/ is up to date');
}

function serverBuildReason() {
  if (!existsSync(SERVER_ENTRY)) return 'dist-server/main.mjs is missing';
  const built = statSync(SERVER_ENTRY).mtimeMs;
  for (const p of SERVER_SOURCES) {
    const found = newerThan(join(ROOT, p), built);
    if (found) return `${found.slice(ROOT.length + 1)} is newer than dist-server/main.mjs`;
  }
  return undefined;
}

const serverReason = serverBuildReason();
if (serverReason) {
  console.log(`start: compiling the server (${serverReason})`);
  try {
    await buildServer();
  } catch (err) {
    console.error(`start: compiling the server failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}

// The server runs in its own process group: a Ctrl-C in the terminal reaches only this process,
// which passes it on once (a second SIGINT would cut the server's graceful shutdown short).
const child = spawn(process.execPath, ['--enable-source-maps', SERVER_ENTRY, ...process.argv.slice(2)], {
  cwd: ROOT,
  stdio: ['ignore', 'inherit', 'inherit'],
  detached: true,
});
process.on('exit', () => {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
});

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT'];
const relays = new Map();
for (const sig of SIGNALS) {
  const relay = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(sig);
  };
  relays.set(sig, relay);
  process.on(sig, relay);
}

child.on('error', (err) => {
  console.error(`start: cannot run the server: ${err.message}`);
  process.exit(1);
});

child.on('exit', (code, signal) => {
  for (const [sig, relay] of relays) process.off(sig, relay);
  if (signal) {
    // Die of the same signal, so whoever started us sees how the server ended.
    process.kill(process.pid, signal);
    return;
  }
  process.exit(code ?? 1);
});
