/**
 * Builds the Fastify application without listening, so tests drive it with `app.inject` and
 * main.ts decides about ports, locks and the database.
 */
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { TOO_MANY_REQUESTS_TEXT } from '../src/domain/shared/errors';
import type { ServerConfig } from './config';
import type { Db, DbKind } from './db/client';
import { FEATURES } from './features';
import { devClockPlugin } from './plugins/devClock';
import { devSiteParamsPlugin } from './plugins/devSiteParams';
import { healthPlugin } from './plugins/health';
import { qrcodePlugin } from './plugins/qrcode';
import { securityHeadersPlugin } from './plugins/securityHeaders';
import type { RenderPage } from '../src/domain/shared/serverPage';
import { spaPlugin } from './plugins/spa';
import { staticUploadsPlugin } from './plugins/staticUploads';
import { createServices, type Services } from './providers/services';
import { registerAuth } from './shared/auth';
import { AppError } from './shared/envelope';
import { clientErrorHandler, frameworkErrorHandler, installErrorHandling } from './shared/errors';
import type { Feature, FeatureDeps } from './shared/feature';
import { createPublicCache } from './shared/publicCache';
import { registerApi } from './shared/registry';
import { installRequestLog } from './shared/requestLog';
import { AJV_OPTIONS, schemaErrorFormatter } from './shared/validation';

export interface BuildAppOptions {
  db: Db;
  dbKind: DbKind;
  config: ServerConfig;
  /** Overrides the pino options derived from config (tests pass a stream to read the log). */
  logger?: FastifyServerOptions['logger'];
  /** Replaces the SMS gateway, WeChat, storage, wallets or clock chosen from config (tests pass fakes). */
  services?: Partial<Services>;
  /** The features served (their calls, files, hooks and jobs); calls of no feature answer 501. Defaults to all (server/features.ts). */
  features?: readonly Feature[];
  /** The public pages' renderer (server/plugins/serverPages.ts); by default the SPA build's dist/.ssr/. Tests render from source. */
  pageRenderer?: () => Promise<RenderPage | null>;
}

/** Tokens and cookies must never reach the log, whatever a serializer decides to include. */
export const LOG_REDACT_PATHS = ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie', 'res.headers["set-cookie"]'];

/** TRUST_PROXY=<n>: trust the n proxies nearest to us (Fastify's number form, typed as a function). */
function trustHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}

/** Upper bounds for every multipart request; each upload call narrows fileSize to its own limit. */
const MULTIPART_LIMITS = { fileSize: 10 * 1024 * 1024, files: 5, fields: 50 };

export function buildApp({ db, dbKind, config, logger, services: overrides, features = FEATURES, pageRenderer }: BuildAppOptions): FastifyInstance {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel, redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' } },
    // installRequestLog writes one line per request instead, at debug unless slow or failed.
    logController: new LogController({ disableRequestLogging: true }),
    // Errors before routing (bad URL encoding, an over-long path parameter, oversized headers) in the envelope too.
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    ajv: AJV_OPTIONS,
    schemaErrorFormatter,
    // Per-IP limits need the client's address, not the reverse proxy's (TRUST_PROXY).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
  });
  const services = createServices(config, db, app.log, overrides);
  const { cache, feed } = createPublicCache(db, dbKind, app.log);
  // The feed starts with the server (a database that is down is retried; the cache stays off meanwhile).
  app.addHook('onReady', () => feed.start());
  app.addHook('onClose', () => feed.close());

  // First: its onRequest hook runs before every other, so 404s, 429s and error answers carry the headers too.
  app.register(securityHeadersPlugin, { config });
  installErrorHandling(app);
  installRequestLog(app);
  registerAuth(app, db, cache);

  // Payload-less POST/PUT calls arrive without a body: validate them as `{}`.
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined && request.method !== 'GET' && request.method !== 'HEAD') request.body = {};
  });

  app.register(fastifyCookie);
  app.register(fastifyFormbody);
  app.register(fastifyMultipart, { limits: MULTIPART_LIMITS });
  // Off by default: a route opts in with `config: { rateLimit: { max, timeWindow } }`.
  app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: () => new AppError(429, TOO_MANY_REQUESTS_TEXT),
  });

  app.register(healthPlugin, { db, dbKind });
  // Each feature is one encapsulated plugin: its calls, files, hooks and background jobs (registry.ts).
  const deps: FeatureDeps = { db, dbKind, config, services, cache };
  app.register(async (api) => registerApi(api, deps, features));
  // What every feature shares: uploaded files, the developer clock, QR codes, the SPA.
  app.register(staticUploadsPlugin, { storage: services.storage });
  app.register(devClockPlugin, { config, clock: services.clock });
  app.register(devSiteParamsPlugin, { config, db, cache });
  app.register(qrcodePlugin);
  app.register(spaPlugin, {
    distDir: config.distDir,
    config,
    cache,
    now: () => services.clock.now().getTime(),
    ...(pageRenderer ? { renderer: pageRenderer } : {}),
  });
  return app;
}
