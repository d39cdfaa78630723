/**
 * PGlite has no cross-process lock: two processes on one data dir silently lose writes. The server
 * and the seed command therefore hold `${dataDir}/xuetu.lock` while the database is open.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const LOCK_FILE_NAME = 'xuetu.lock';

interface LockContent {
  pid: number;
  startedAt: string;
  /** Tells our own lock apart from a later holder's when releasing. */
  nonce: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`数据目录 ${dataDir} 已被进程 ${pid} 占用 (data dir in use by pid ${pid}); stop it or set DATA_DIR`);
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly path: string;
  readonly pid: number;
  /** Idempotent; removes the file only while it is still ours. */
  release(): void;
}

function pidAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(file: string): LockContent | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockContent>;
    return typeof parsed.pid === 'number' ? { pid: parsed.pid, startedAt: String(parsed.startedAt ?? ''), nonce: String(parsed.nonce ?? '') } : null;
  } catch {
    return null;
  }
}

function recentlyWritten(file: string): boolean {
  try {
    return Date.now() - statSync(file).mtimeMs < 5_000;
  } catch {
    return false;
  }
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function errnoCode(err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException | null)?.code;
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE_NAME);
  const mine: LockContent = { pid: process.pid, startedAt: new Date().toISOString(), nonce: randomBytes(8).toString('hex') };
  const text = JSON.stringify(mine);

  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      writeFileSync(file, text, { flag: 'wx' });
      return track(file, mine);
    } catch (err) {
      if (errnoCode(err) !== 'EEXIST') throw err;
    }
    const holder = readLock(file);
    if (holder === null && attempt < 4 && recentlyWritten(file)) {
      // Another process may be between creating the file and writing its pid: give it a moment.
      sleepSync(200);
      continue;
    }
    // A live holder, including this very process, keeps the directory.
    if (holder && pidAlive(holder.pid)) throw new DataDirLockedError(dataDir, holder.pid);
    takeOverStale(file, holder);
  }
  throw new Error(`无法获取数据目录锁 (could not take the data dir lock): ${file}`);
}

/**
 * Moves the stale file aside instead of deleting it, so two processes taking over at once cannot
 * both win: rename is atomic and only one of them finds the stale content in what it moved.
 */
function takeOverStale(file: string, stale: LockContent | null): void {
  const aside = `${file}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    renameSync(file, aside);
  } catch (err) {
    if (errnoCode(err) === 'ENOENT') return;
    throw err;
  }
  const moved = readLock(aside);
  const sameAsStale = stale === null ? moved === null || !pidAlive(moved.pid) : moved?.nonce === stale.nonce && moved.pid === stale.pid;
  if (!sameAsStale) {
    // We moved a lock someone took meanwhile: put it back; the next attempt sees a live holder.
    try {
      renameSync(aside, file);
    } catch {
      /* the loop reports the conflict */
    }
    return;
  }
  try {
    unlinkSync(aside);
  } catch {
    /* leftover is harmless */
  }
}

function track(file: string, mine: LockContent): DataDirLock {
  let released = false;
  const release = (): void => {
    if (released) return;
    released = true;
    process.removeListener('exit', release);
    const current = readLock(file);
    if (current && current.nonce === mine.nonce) {
      try {
        unlinkSync(file);
      } catch {
        /* already gone */
      }
    }
  };
  // 'exit' also runs after a signal handler calls process.exit; signals themselves are handled by
  // the entry points, which close the database before releasing.
  process.on('exit', release);
  return { path: file, pid: mine.pid, release };
}
