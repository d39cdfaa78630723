/**
 * A throwaway PostgreSQL 15 server of one's own, with its durable defaults (fsync and
 * synchronous_commit on): for the fault tests, which restart it under load without touching the
 * server the other test files share (scripts/with-postgres.sh), and for `npm run bench -- --scale`.
 * Same binaries and user handling as that script: as root the server runs as the `postgres` OS user.
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chmodSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const PG_BIN = process.env.PG_BIN || '/usr/lib/postgresql/15/bin';
const isRoot = process.getuid?.() === 0;

function asPostgres(command: string, args: string[]): void {
  const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  const result = spawnSync(file, argv, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr || result.stdout}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface PrivatePostgres {
  /** An admin URL of its `postgres` database. */
  url: string;
  /** `pg_ctl restart -m fast`: every connection is cut, the server is back when this resolves. */
  restart(): Promise<void>;
  stop(): void;
}

const execFileAsync = promisify(execFile);

/** `statStatements`: load pg_stat_statements, to profile what each request costs the database (the scale bench). */
export async function startPrivatePostgres(opts: { statStatements?: boolean } = {}): Promise<PrivatePostgres> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'xuetu-pg-own-'));
  chmodSync(dir, 0o700);
  if (isRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, uid);
  }
  const data = path.join(dir, 'data');
  asPostgres(path.join(PG_BIN, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8', '--no-sync']);
  const port = await freePort();
  // Durable defaults (fsync, synchronous_commit): an acknowledged write must survive the restart.
  const profile = opts.statStatements ? ' -c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.track=all' : '';
  const options = `-p ${port} -h 127.0.0.1 -k ${dir} -c max_connections=100${profile}`;
  const ctl = (args: string[]) =>
    asPostgres(path.join(PG_BIN, 'pg_ctl'), ['-D', data, '-o', options, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', ...args]);
  ctl(['start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async restart() {
      // Not spawnSync: the load on the servers goes on while PostgreSQL restarts.
      const args = ['-D', data, '-o', options, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', '-m', 'fast', 'restart'];
      const command = path.join(PG_BIN, 'pg_ctl');
      if (isRoot) await execFileAsync('runuser', ['-u', 'postgres', '--', command, ...args]);
      else await execFileAsync(command, args);
    },
    stop() {
      try {
        ctl(['-m', 'immediate', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
