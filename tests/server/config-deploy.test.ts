/** The deployment settings: the pool size, and several workers only on PostgreSQL. */
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_DB_POOL_SIZE, loadConfig } from '../../server/config';

const load = (env: Record<string, string>) => loadConfig({ LOG_LEVEL: 'silent', ...env }, '/tmp');

describe('DB_POOL_SIZE and WORKERS', () => {
  it('default to a pool of 10 and one process', () => {
    expect(load({})).toMatchObject({ dbPoolSize: DEFAULT_DB_POOL_SIZE, workers: 1 });
    expect(DEFAULT_DB_POOL_SIZE).toBe(10);
  });

  it('take whole numbers in range', () => {
    expect(load({ DB_POOL_SIZE: '24', WORKERS: '4', DATABASE_URL: 'postgres://x@db/xuetu' })).toMatchObject({ dbPoolSize: 24, workers: 4 });
    for (const bad of ['0', '201', '2.5', 'many']) expect(() => load({ DB_POOL_SIZE: bad }), bad).toThrow(/DB_POOL_SIZE 无效/);
    for (const bad of ['0', '65', 'x']) expect(() => load({ WORKERS: bad, DATABASE_URL: 'postgres://x@db/xuetu' }), bad).toThrow(/WORKERS 无效/);
  });

  it('refuse several workers on the embedded database, saying why', () => {
    expect(() => load({ WORKERS: '2' })).toThrow(ConfigError);
    expect(() => load({ WORKERS: '2' })).toThrow('WORKERS=2 需要 DATABASE_URL：内嵌数据库只能由一个进程打开');
    expect(load({ WORKERS: '1' }).workers).toBe(1);
  });
});
