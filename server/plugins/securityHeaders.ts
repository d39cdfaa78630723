/**
 * Security headers on every answer, written by helmet: Content-Security-Policy, X-Content-Type-Options
 * nosniff, X-Frame-Options, Referrer-Policy and helmet's other defaults, with
 * Strict-Transport-Security only over HTTPS. Which set a route gets is its `securityHeaders` config
 * (server/shared/securityPolicy.ts).
 *
 * The headers of a set never depend on the request, so helmet runs once per set at start-up against
 * a recording response, and each answer gets the recorded headers. (@fastify/helmet rebuilds and
 * reruns helmet on every request when the set varies by route or protocol.)
 *
 * Registered first in buildApp: its onRequest hook runs before any other, so 404s, rate-limit 429s
 * and every error the error handler answers carry the headers too. Answers written before routing
 * (frameworkErrors, clientError) get PRE_ROUTING_HEADERS from server/shared/errors.ts instead.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { APP_USER_AGENT_MARK } from '../../src/domain/account/appWebView';
import type { ServerConfig } from '../config';
import { securityPolicy, type SecurityPolicyKind } from '../shared/securityPolicy';

export interface SecurityHeadersOptions {
  config: Pick<ServerConfig, 'cspHosts' | 'wechat'>;
}

/** The headers helmet sets with these options, recorded once (names lower-cased). */
export function helmetHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown = null;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    failure = err ?? null;
  });
  if (failure) throw failure instanceof Error ? failure : new Error('helmet refused the options');
  return headers;
}

async function securityHeaders(app: FastifyInstance, { config }: SecurityHeadersOptions): Promise<void> {
  const policy = securityPolicy(config);
  const sets = Object.fromEntries(
    Object.entries(policy).map(([kind, options]) => [kind, { http: helmetHeaders(options.http), https: helmetHeaders(options.https) }]),
  ) as Record<SecurityPolicyKind, { http: Readonly<Record<string, string>>; https: Readonly<Record<string, string>> }>;

  app.addHook('onRequest', (request, reply, done) => {
    const routeKind = request.routeOptions.config.securityHeaders ?? 'api';
    const inApp = routeKind === 'page' && request.headers['user-agent']?.includes(APP_USER_AGENT_MARK) === true;
    const set = sets[inApp ? ('appPage' satisfies SecurityPolicyKind) : routeKind];
    // request.protocol follows X-Forwarded-Proto only from a trusted proxy (TRUST_PROXY).
    reply.headers(request.protocol === 'https' ? set.https : set.http);
    done();
  });
}

/** fastify-plugin: the hook must see the whole app, not only this plugin's (empty) scope. */
export const securityHeadersPlugin = fp(securityHeaders, { name: 'xuetu-security-headers', fastify: '5.x' });
