/**
 * Server settings, read once from the environment so the rest of the server never touches process.env.
 *
 * Environment variables:
 * - PORT (default 8080), HOST (default 0.0.0.0): where the server listens.
 * - DATA_DIR (default ./data): PGlite keeps its files in DATA_DIR/pgdata; uploads default to DATA_DIR/uploads.
 * - DATABASE_URL: use this PostgreSQL instead of PGlite.
 * - DB_POOL_SIZE (default 10, 1–200): connections each server process keeps to DATABASE_URL's
 *   PostgreSQL (processes × pool size must stay under its max_connections).
 * - WORKERS (default 1, 1–64): server processes on this machine (node:cluster, sharing the port).
 *   More than 1 needs DATABASE_URL: the embedded database is one process's.
 * - NODE_ENV (default development): 'production' hides the developer pages (/dev/…) and refuses CAPTCHA_MODE=test.
 * - LOG_LEVEL (default info): fatal, error, warn, info, debug, trace or silent.
 * - DIST_DIR (default ./dist): the built SPA.
 * - PUBLIC_ORIGIN (optional, e.g. https://www.example.com): the site's origin as browsers see it; used
 *   for WeChat redirect URLs. Unset: the origin of each request (Host header, http or https as seen).
 * - TRUST_PROXY (optional): set when a reverse proxy sits in front ('true', a hop count or a list of
 *   proxy addresses), so per-IP limits see the client's address from X-Forwarded-For, not the proxy's,
 *   and HSTS goes out when X-Forwarded-Proto says https.
 * - SMS_PROVIDER (default outbox): 'outbox' logs each code and keeps it in the sms_outbox table
 *   (readable at GET /dev/sms-outbox outside production); 'aliyun' sends real SMS through Aliyun
 *   Dysms SendSms and then needs ALIYUN_SMS_ACCESS_KEY_ID, ALIYUN_SMS_ACCESS_KEY_SECRET,
 *   ALIYUN_SMS_SIGN_NAME and ALIYUN_SMS_TEMPLATE_CODE (a template with one ${code} parameter).
 * - WECHAT_APP_ID + WECHAT_APP_SECRET (optional, both or neither): a WeChat open-platform website
 *   app for QR login. Unset: the local WeChat sandbox (pages under /dev/wechat, outside production).
 * - CAPTCHA_MODE (default slider): 'test' makes captchaVerifyParam 'test-pass' pass and anything
 *   else fail, for automated tests; refused when NODE_ENV=production.
 * - UPLOAD_DIR (default DATA_DIR/uploads; with DATABASE_URL and no DATA_DIR, ./data/uploads): where
 *   uploaded images and files are stored, served read-only at /static/uploads/.
 * - MEDIA_DIR (default node_modules/.cache/xuetu-media): the demo course media made with ffmpeg at
 *   start-up, kept across data dirs; their AES keys go to the database, never to a served file.
 * - STORAGE (default local): 'local' keeps uploads in UPLOAD_DIR and the media in MEDIA_DIR;
 *   's3' keeps both in an S3-compatible bucket that several machines share (the media are put
 *   there at start-up), with S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_REGION,
 *   S3_ENDPOINT and S3_FORCE_PATH_STYLE: see server/providers/storage/storageConfig.ts.
 * - CSP_SCRIPT_HOSTS, CSP_FRAME_HOSTS, CSP_MEDIA_HOSTS, CSP_CONNECT_HOSTS (optional, each a list of
 *   origins separated by commas or spaces, e.g. https://chat.example.com or https://*.cdn.example.com):
 *   other sites the pages' Content-Security-Policy lets in, beyond the site itself
 *   (server/shared/securityPolicy.ts). SCRIPT: scripts (the customer-service chat script of
 *   VITE_CHAT_SCRIPT), and once set also inline styles and these hosts' style sheets, which such
 *   widgets bring; FRAME: frames (WeChat's QR page is added by itself when WECHAT_APP_ID is set);
 *   MEDIA: images, video and audio (a CDN of covers or lessons); CONNECT: fetch, XHR and WebSocket
 *   (what a chat widget or a streaming player talks to). A chat widget usually needs its host in
 *   SCRIPT, CONNECT and FRAME. Anything but an origin (a keyword, a bare scheme, a ';') is refused.
 * - PAYMENT_SANDBOX (default auto): the offline sandbox wallet, pay channel SANDBOX (its "phone" page
 *   under /dev/pay). auto: on outside production while no real channel (WeChat Pay, Alipay) is
 *   configured; on / off force it; on is refused when NODE_ENV=production.
 */
import path from 'node:path';
import { ConfigError } from './configError';
import { type AlipayConfig, parseAlipayConfig, parseWechatPayConfig, type WechatPayConfig } from './providers/payment/paymentConfig';
import { parseStorageConfig, type StorageConfig } from './providers/storage/storageConfig';

export type SmsConfig = { provider: 'outbox' } | { provider: 'aliyun'; accessKeyId: string; accessKeySecret: string; signName: string; templateCode: string };

export interface WechatConfig {
  appId: string;
  appSecret: string;
}

export type CaptchaMode = 'slider' | 'test';

/** Origins the pages' Content-Security-Policy allows besides the site itself (CSP_*_HOSTS). */
export interface CspHosts {
  script: string[];
  frame: string[];
  media: string[];
  connect: string[];
}

/**
 * Which pay channels exist. One switch per channel: WeChat Pay when its WECHATPAY_* settings are
 * complete, Alipay when its ALIPAY_* are, the sandbox when PAYMENT_SANDBOX says so (see parsePayment).
 */
export interface PaymentConfig {
  sandbox: boolean;
  wechatPay?: WechatPayConfig;
  alipay?: AlipayConfig;
}

export interface ServerConfig {
  port: number;
  host: string;
  /** Absolute; PGlite keeps its files in `${dataDir}/pgdata` and the lock file beside them. */
  dataDir: string;
  /** When set, a real PostgreSQL is used and dataDir holds no database. */
  databaseUrl: string | undefined;
  /** Connections of this process's pool to DATABASE_URL (DB_POOL_SIZE). */
  dbPoolSize: number;
  /** Server processes (WORKERS); more than 1 only with databaseUrl. */
  workers: number;
  nodeEnv: string;
  logLevel: string;
  /** Absolute path of the built SPA (vite build output). */
  distDir: string;
  /** Without a trailing slash; undefined: derived from each request. */
  publicOrigin: string | undefined;
  /** Fastify's trustProxy option; false when unset. */
  trustProxy: boolean | number | string;
  sms: SmsConfig;
  /** Undefined: the WeChat sandbox. */
  wechat: WechatConfig | undefined;
  captchaMode: CaptchaMode;
  /** Absolute. */
  uploadDir: string;
  /** Where the demo course media are made and kept (MEDIA_DIR; default node_modules/.cache/xuetu-media, shared by every data dir of this checkout). */
  mediaDir: string;
  /** Where uploads and media masters live: this machine's disk (uploadDir, mediaDir) or a bucket (STORAGE=s3). */
  storage: StorageConfig;
  cspHosts: CspHosts;
  payment: PaymentConfig;
}

// In a module of its own so the payment vendors' settings parsers (server/providers/payment/paymentConfig.ts) can throw it too.
export { ConfigError } from './configError';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function parsePort(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 8080;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT 无效 (invalid PORT): ${raw}`);
  }
  return port;
}

export const DEFAULT_DB_POOL_SIZE = 10;

function parsePoolSize(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return DEFAULT_DB_POOL_SIZE;
  const size = Number(raw);
  if (!Number.isInteger(size) || size < 1 || size > 200) {
    throw new ConfigError(`DB_POOL_SIZE 无效 (invalid DB_POOL_SIZE): ${raw}; use a whole number from 1 to 200`);
  }
  return size;
}

function parseWorkers(raw: string | undefined, databaseUrl: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 1;
  const workers = Number(raw);
  if (!Number.isInteger(workers) || workers < 1 || workers > 64) {
    throw new ConfigError(`WORKERS 无效 (invalid WORKERS): ${raw}; use a whole number from 1 to 64`);
  }
  if (workers > 1 && !databaseUrl) {
    throw new ConfigError(
      `WORKERS=${workers} 需要 DATABASE_URL：内嵌数据库只能由一个进程打开 (several workers need a PostgreSQL: set DATABASE_URL, or WORKERS=1)`,
    );
  }
  return workers;
}

function parseOrigin(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`PUBLIC_ORIGIN 无效 (invalid PUBLIC_ORIGIN): ${raw}; use e.g. https://www.example.com`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || (url.pathname !== '/' && url.pathname !== '')) {
    throw new ConfigError(`PUBLIC_ORIGIN 无效 (invalid PUBLIC_ORIGIN): ${raw}; use e.g. https://www.example.com`);
  }
  return url.origin;
}

function parseTrustProxy(raw: string | undefined): boolean | number | string {
  if (!raw || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw;
}

function parseSms(env: NodeJS.ProcessEnv): SmsConfig {
  const provider = (env.SMS_PROVIDER || 'outbox').toLowerCase();
  if (provider === 'outbox') return { provider: 'outbox' };
  if (provider !== 'aliyun') throw new ConfigError(`SMS_PROVIDER 无效 (invalid SMS_PROVIDER): ${env.SMS_PROVIDER}; use outbox or aliyun`);
  const names = ['ALIYUN_SMS_ACCESS_KEY_ID', 'ALIYUN_SMS_ACCESS_KEY_SECRET', 'ALIYUN_SMS_SIGN_NAME', 'ALIYUN_SMS_TEMPLATE_CODE'] as const;
  const missing = names.filter((name) => !env[name]);
  if (missing.length) {
    throw new ConfigError(`SMS_PROVIDER=aliyun 缺少配置 (missing settings): ${missing.join(', ')}`);
  }
  return {
    provider: 'aliyun',
    accessKeyId: env.ALIYUN_SMS_ACCESS_KEY_ID!,
    accessKeySecret: env.ALIYUN_SMS_ACCESS_KEY_SECRET!,
    signName: env.ALIYUN_SMS_SIGN_NAME!,
    templateCode: env.ALIYUN_SMS_TEMPLATE_CODE!,
  };
}

function parseWechat(env: NodeJS.ProcessEnv): WechatConfig | undefined {
  const appId = env.WECHAT_APP_ID || '';
  const appSecret = env.WECHAT_APP_SECRET || '';
  if (!appId && !appSecret) return undefined;
  // Half a configuration would silently fall back to the sandbox: refuse it instead.
  if (!appId || !appSecret) {
    throw new ConfigError(`WECHAT_APP_ID 与 WECHAT_APP_SECRET 须同时设置 (set both or neither); missing ${appId ? 'WECHAT_APP_SECRET' : 'WECHAT_APP_ID'}`);
  }
  return { appId, appSecret };
}

function parseCaptchaMode(env: NodeJS.ProcessEnv, nodeEnv: string): CaptchaMode {
  const mode = (env.CAPTCHA_MODE || 'slider').toLowerCase();
  if (mode !== 'slider' && mode !== 'test') throw new ConfigError(`CAPTCHA_MODE 无效 (invalid CAPTCHA_MODE): ${env.CAPTCHA_MODE}; use slider or test`);
  if (mode === 'test' && nodeEnv === 'production') {
    throw new ConfigError('CAPTCHA_MODE=test 不能用于生产环境 (CAPTCHA_MODE=test is refused when NODE_ENV=production)');
  }
  return mode;
}

/**
 * A CSP host-source: scheme, host (optionally `*.` first), port, path; no quotes, spaces, ';' or ','
 * that could smuggle in a keyword ('unsafe-inline') or a second directive.
 */
const CSP_HOST_SOURCE = /^(https?|wss?):\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:(\d{1,5}|\*))?(\/[\w.~!$&()*+=:@%/-]*)?$/i;

function parseCspHosts(env: NodeJS.ProcessEnv, name: string): string[] {
  const raw = env[name] ?? '';
  const hosts = raw.split(/[\s,]+/).filter(Boolean);
  for (const host of hosts) {
    if (!CSP_HOST_SOURCE.test(host)) throw new ConfigError(`${name} 无效 (invalid ${name}): ${host}; use origins such as https://cdn.example.com`);
  }
  // A bare origin and the same origin with '/' mean the same to CSP: keep one spelling.
  return [...new Set(hosts.map((host) => host.replace(/(:\/\/[^/]+)\/$/, '$1')))];
}

function parseAllCspHosts(env: NodeJS.ProcessEnv): CspHosts {
  return {
    script: parseCspHosts(env, 'CSP_SCRIPT_HOSTS'),
    frame: parseCspHosts(env, 'CSP_FRAME_HOSTS'),
    media: parseCspHosts(env, 'CSP_MEDIA_HOSTS'),
    connect: parseCspHosts(env, 'CSP_CONNECT_HOSTS'),
  };
}

/**
 * The real channels parse their own variables (server/providers/payment/paymentConfig.ts); `auto`
 * never puts the fake wallet beside a real one. A real wallet posts its notices to PUBLIC_ORIGIN,
 * which must then be an https origin the wallet can reach.
 */
function parsePayment(env: NodeJS.ProcessEnv, nodeEnv: string, publicOrigin: string | undefined): PaymentConfig {
  const wechatPay = parseWechatPayConfig(env);
  const alipay = parseAlipayConfig(env);
  const realChannelConfigured = wechatPay !== undefined || alipay !== undefined;
  if (realChannelConfigured && !publicOrigin?.startsWith('https://')) {
    throw new ConfigError('PUBLIC_ORIGIN 须为 https 地址 (WeChat Pay and Alipay post their notices to PUBLIC_ORIGIN: set it to the site’s https origin)');
  }
  const mode = (env.PAYMENT_SANDBOX || 'auto').toLowerCase();
  if (mode !== 'auto' && mode !== 'on' && mode !== 'off') {
    throw new ConfigError(`PAYMENT_SANDBOX 无效 (invalid PAYMENT_SANDBOX): ${env.PAYMENT_SANDBOX}; use auto, on or off`);
  }
  const production = nodeEnv === 'production';
  if (mode === 'on' && production) {
    throw new ConfigError('PAYMENT_SANDBOX=on 不能用于生产环境 (the sandbox wallet is refused when NODE_ENV=production)');
  }
  return {
    sandbox: mode === 'on' || (mode === 'auto' && !production && !realChannelConfigured),
    ...(wechatPay ? { wechatPay } : {}),
    ...(alipay ? { alipay } : {}),
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): ServerConfig {
  const logLevel = (env.LOG_LEVEL || 'info').toLowerCase();
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL 无效 (invalid LOG_LEVEL): ${env.LOG_LEVEL}; use one of ${LOG_LEVELS.join(', ')}`);
  }
  const nodeEnv = env.NODE_ENV || 'development';
  const dataDir = path.resolve(cwd, env.DATA_DIR || './data');
  return {
    port: parsePort(env.PORT),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    dbPoolSize: parsePoolSize(env.DB_POOL_SIZE),
    workers: parseWorkers(env.WORKERS, env.DATABASE_URL || undefined),
    nodeEnv,
    logLevel,
    distDir: path.resolve(cwd, env.DIST_DIR || './dist'),
    publicOrigin: parseOrigin(env.PUBLIC_ORIGIN),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    sms: parseSms(env),
    wechat: parseWechat(env),
    captchaMode: parseCaptchaMode(env, nodeEnv),
    // dataDir already falls back to ./data, which is what a PostgreSQL set-up without DATA_DIR gets.
    uploadDir: env.UPLOAD_DIR ? path.resolve(cwd, env.UPLOAD_DIR) : path.join(dataDir, 'uploads'),
    mediaDir: path.resolve(cwd, env.MEDIA_DIR || 'node_modules/.cache/xuetu-media'),
    storage: parseStorageConfig(env),
    cspHosts: parseAllCspHosts(env),
    payment: parsePayment(env, nodeEnv, parseOrigin(env.PUBLIC_ORIGIN)),
  };
}

/** Developer pages (SMS outbox, WeChat sandbox) exist only outside production. */
export function isProduction(config: Pick<ServerConfig, 'nodeEnv'>): boolean {
  return config.nodeEnv === 'production';
}
