/** Server settings, read once from the environment so the rest of the server never touches process.env. */
import path from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  /** Absolute; PGlite keeps its files in `${dataDir}/pgdata` and the lock file beside them. */
  dataDir: string;
  /** When set, a real PostgreSQL is used and dataDir holds no database. */
  databaseUrl: string | undefined;
  nodeEnv: string;
  logLevel: string;
  /** Absolute path of the built SPA (vite build output). */
  distDir: string;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function parsePort(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 8080;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT 无效 (invalid PORT): ${raw}`);
  }
  return port;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): ServerConfig {
  const logLevel = (env.LOG_LEVEL || 'info').toLowerCase();
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new Error(`LOG_LEVEL 无效 (invalid LOG_LEVEL): ${env.LOG_LEVEL}; use one of ${LOG_LEVELS.join(', ')}`);
  }
  return {
    port: parsePort(env.PORT),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(cwd, env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    nodeEnv: env.NODE_ENV || 'development',
    logLevel,
    distDir: path.resolve(cwd, env.DIST_DIR || './dist'),
  };
}
