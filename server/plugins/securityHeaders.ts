/**
 * Security headers on every answer, through @fastify/helmet: Content-Security-Policy,
 * X-Content-Type-Options nosniff, X-Frame-Options, Referrer-Policy and helmet's other defaults, with
 * Strict-Transport-Security only over HTTPS. Which set a route gets is its `securityHeaders` config
 * (server/shared/securityPolicy.ts), so the option objects are made once here, not per request.
 *
 * Registered first in buildApp: its onRequest hook runs before any other, so 404s, rate-limit 429s
 * and every error the error handler answers carry the headers too. Answers written before routing
 * (frameworkErrors, clientError) get PRE_ROUTING_HEADERS from server/shared/errors.ts instead.
 */
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ServerConfig } from '../config';
import { APP_USER_AGENT_MARK } from '../../src/domain/account/appWebView';
import { securityPolicy, type SecurityPolicyKind } from '../shared/securityPolicy';

export interface SecurityHeadersOptions {
  config: Pick<ServerConfig, 'cspHosts' | 'wechat'>;
}

async function securityHeaders(app: FastifyInstance, { config }: SecurityHeadersOptions): Promise<void> {
  const policy = securityPolicy(config);
  // global: false: helmet's own per-route choice cannot see the protocol, which decides HSTS; the
  // hook below picks the set and lets helmet write it.
  await app.register(fastifyHelmet, { ...policy.api.http, global: false });
  app.addHook('onRequest', (request, reply, done) => {
    const routeKind = request.routeOptions.config.securityHeaders ?? 'api';
    const inApp = routeKind === 'page' && request.headers['user-agent']?.includes(APP_USER_AGENT_MARK) === true;
    const kind = policy[inApp ? ('appPage' satisfies SecurityPolicyKind) : routeKind];
    // request.protocol follows X-Forwarded-Proto only from a trusted proxy (TRUST_PROXY).
    reply.helmet(request.protocol === 'https' ? kind.https : kind.http);
    done();
  });
}

/** fastify-plugin: the hook must see the whole app, not only this plugin's (empty) scope. */
export const securityHeadersPlugin = fp(securityHeaders, { name: 'xuetu-security-headers', fastify: '5.x' });
