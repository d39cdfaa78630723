/**
 * Server throughput bench: starts the built server on 127.0.0.1 with a fresh PGlite data dir,
 * drives a few endpoints with a fixed number of requests in flight for a bounded time, and
 * reports req/s and latency percentiles. Traffic goes to 127.0.0.1 only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { LeanConnection } from './leanClient';

export interface Endpoint {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** A body made anew for each request (a save with a growing version). */
  makeBody?: () => unknown;
  /** Body and headers made anew for each request (the next of many students). */
  makeRequest?: () => { body: unknown; headers: Record<string, string> };
  /** An address made anew for each request (a page no visitor asked for before: rendered, not kept). */
  makePath?: () => string;
  headers?: Record<string, string>;
}

export const PAGE_LIST_ENDPOINT: Endpoint = { name: 'POST course/getPageList', method: 'POST', path: '/products/front/api/course/getPageList', body: {} };
/** Course 1 of the seed: an on-sale SYS course with teachers, add-ons and a catalogue. */
export const DETAILS_ENDPOINT: Endpoint = { name: 'GET course/getDetails/1', method: 'GET', path: '/products/front/api/course/getDetails/1' };

/** `path` with a query no request used before: ?v=1, ?v=2 … */
function newAddress(path: string): () => string {
  let n = 0;
  return () => `${path}?v=${++n}`;
}

export const ENDPOINTS: readonly Endpoint[] = [
  { name: 'GET /healthz', method: 'GET', path: '/healthz' },
  // Public pages are rendered on the server with their data (server/plugins/serverPages.ts) and kept
  // for the next visitors (renderedPages.ts); a new address each time shows what one rendering costs.
  { name: 'GET /new/ (home, server-rendered, kept, br)', method: 'GET', path: '/new/', headers: { 'accept-encoding': 'br' } },
  { name: 'GET /new/course/detail/1 (server-rendered, kept, br)', method: 'GET', path: '/new/course/detail/1', headers: { 'accept-encoding': 'br' } },
  {
    name: 'GET /new/course/detail/1?v=n (rendered for each request, br)',
    method: 'GET',
    path: '/new/course/detail/1',
    makePath: newAddress('/new/course/detail/1'),
    headers: { 'accept-encoding': 'br' },
  },
  { name: 'GET /new/uc/my-course (the app shell, br)', method: 'GET', path: '/new/uc/my-course', headers: { 'accept-encoding': 'br' } },
  PAGE_LIST_ENDPOINT,
  DETAILS_ENDPOINT,
  { name: 'GET adItem PC_HOME_BANNER', method: 'GET', path: '/content/front/api/adItem/getAdItemsByCode/PC_HOME_BANNER' },
];

/** The yardstick (scripts/bench/bare.ts): Fastify with one JSON route and nothing else, in a process of its own. */
export const BARE_ENDPOINT: Endpoint = { name: 'GET bare Fastify JSON route', method: 'GET', path: '/bare' };

/** Issue 9: public catalogue reads must reach this share of the bare route's req/s. */
export const CATALOG_SHARE_OF_BARE = 0.5;

export interface EndpointResult {
  name: string;
  method: string;
  path: string;
  requests: number;
  /** Responses that were not 2xx, by status (0 = connection error). */
  errors: Record<string, number>;
  seconds: number;
  reqPerSec: number;
  p50ms: number;
  p95ms: number;
  p99ms: number;
}

export const HOST = '127.0.0.1';

export async function freePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.once('error', reject);
    srv.listen(0, HOST, () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

interface OneResult {
  status: number;
  ms: number;
}

/** The request's body and headers, as both clients send them. */
function requestOf(ep: Endpoint): { body: Buffer | undefined; headers: Record<string, string> } {
  const made = ep.makeRequest?.();
  const payload = made ? made.body : ep.makeBody ? ep.makeBody() : ep.body;
  const body = payload === undefined ? undefined : Buffer.from(JSON.stringify(payload));
  return {
    body,
    headers: {
      accept: ep.path.startsWith('/new/') ? 'text/html' : 'application/json',
      'accept-encoding': 'gzip, br',
      ...ep.headers,
      ...made?.headers,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
  };
}

function once(agent: Agent, port: number, ep: Endpoint): Promise<OneResult> {
  const { body, headers } = requestOf(ep);
  const path = ep.makePath?.() ?? ep.path;
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = request(
      {
        host: HOST,
        port,
        method: ep.method,
        path,
        agent,
        headers: { ...headers, ...(body ? { 'content-length': String(body.length) } : {}) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - t0 }));
        res.on('error', () => resolve({ status: 0, ms: performance.now() - t0 }));
      },
    );
    req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, ms: performance.now() - t0 }));
    req.end(body);
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round(sorted[i]! * 100) / 100;
}

/**
 * `concurrency` loops, each sending its next request when the previous one answered, until
 * `seconds` have passed or `maxRequests` were sent (whichever first). A short warm-up first.
 */
export async function loadEndpoint(
  port: number,
  ep: Endpoint,
  opts: { seconds: number; concurrency: number; maxRequests?: number; warmup?: number; lean?: boolean },
): Promise<EndpointResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: opts.concurrency });
  // lean: one LeanConnection per loop (leanClient.ts), a light load generator for the scale bench.
  const lean = opts.lean ? Array.from({ length: opts.concurrency }, () => new LeanConnection(HOST, port)) : null;
  let next = 0;
  const send = (slot: number): Promise<OneResult> => {
    if (!lean) return once(agent, port, ep);
    const { body, headers } = requestOf(ep);
    return lean[slot]!.send({ method: ep.method, path: ep.makePath?.() ?? ep.path, headers, body });
  };
  try {
    const maxRequests = opts.maxRequests ?? 500_000;
    const warmup = opts.warmup ?? 200;
    for (let sent = 0; sent < warmup;) {
      const batch = Math.min(opts.concurrency, warmup - sent);
      await Promise.all(Array.from({ length: batch }, (_, slot) => send(slot)));
      sent += batch;
    }
    const latencies: number[] = [];
    const errors: Record<string, number> = {};
    let sent = 0;
    const start = performance.now();
    const deadline = start + opts.seconds * 1000;
    const worker = async (): Promise<void> => {
      const slot = next++;
      while (performance.now() < deadline && sent < maxRequests) {
        sent++;
        const r = await send(slot);
        latencies.push(r.ms);
        if (r.status < 200 || r.status >= 300) errors[String(r.status)] = (errors[String(r.status)] ?? 0) + 1;
      }
    };
    await Promise.all(Array.from({ length: opts.concurrency }, worker));
    const seconds = (performance.now() - start) / 1000;
    latencies.sort((a, b) => a - b);
    return {
      name: ep.name,
      method: ep.method,
      path: ep.path,
      requests: latencies.length,
      errors,
      seconds: Math.round(seconds * 100) / 100,
      reqPerSec: Math.round(latencies.length / seconds),
      p50ms: percentile(latencies, 50),
      p95ms: percentile(latencies, 95),
      p99ms: percentile(latencies, 99),
    };
  } finally {
    agent.destroy();
    for (const connection of lean ?? []) connection.close();
  }
}

export interface RunningServer {
  port: number;
  dataDir: string;
  logFile: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** GET http://127.0.0.1:port/healthz until 200 (or the server exits, or the time is up). */
export async function waitForHealth(port: number, child: ChildProcess | undefined, timeoutMs: number): Promise<void> {
  const agent = new Agent({ keepAlive: false });
  const until = Date.now() + timeoutMs;
  try {
    while (Date.now() < until) {
      if (child && child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode} before /healthz answered`);
      const r = await once(agent, port, { name: 'health', method: 'GET', path: '/healthz' });
      if (r.status === 200) return;
      await sleep(250);
    }
    throw new Error(`server did not answer GET /healthz with 200 within ${Math.round(timeoutMs / 1000)} s`);
  } finally {
    agent.destroy();
  }
}

/**
 * Starts `server/main.ts` (through tsx, one Node process) with NODE_ENV=production, a fresh
 * DATA_DIR and a free port on 127.0.0.1; resolves once /healthz answers 200. `script` runs
 * another entry the same way (the bare yardstick).
 */
export async function startServer(repoRoot: string, logFile: string, script = 'server/main.ts', extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'xuetu-bench-'));
  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const killed = await Promise.race([exited.then(() => true), sleep(15_000).then(() => false)]);
      if (!killed) {
        child.kill('SIGKILL');
        await exited;
      }
    }
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(port, child, 180_000);
  } catch (e) {
    await stop();
    let tail = '';
    try {
      tail = readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n');
    } catch {
      /* no log */
    }
    throw new Error(`${(e as Error).message}\n--- server log (${logFile}) ---\n${tail}`);
  }
  return { port, dataDir, logFile, child, stop };
}
