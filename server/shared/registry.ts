/**
 * Registers one route for every entry of ALL_CALLS (the §7 calls and our extra ones): the handler
 * of the feature that claims it, else a 501 answer. The client is generated from the same list, so no
 * call of it can ever hit a 404. Each feature is one encapsulated plugin: its claimed calls, then
 * what it registers itself (server/shared/feature.ts).
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { ALL_CALLS, type AnyCallName } from '../../src/domain/calls';
import { CALL_INPUTS } from '../../src/domain/inputs';
import { type ApiCallDef, changesState } from '../../src/domain/shared/api';
import type { CallInput } from '../../src/domain/shared/input';
import { refuseCrossSite } from './crossSite';
import { fail, ok } from './envelope';
import type { AnyRouteSpec, Feature, FeatureDeps } from './feature';
import { PreparedJson } from './preparedJson';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The ALL_CALLS name a route serves; shows up in logs and lets hooks tell calls apart. */
    apiCall?: AnyCallName;
    implemented?: boolean;
  }
}

/** API_CALLS and Fastify share the `:name` / trailing `:name?` syntax; anything else is a list error. */
export function toFastifyPath(path: string): string {
  const segments = path.split('/');
  segments.forEach((segment, i) => {
    if (segment.endsWith('?') && i !== segments.length - 1) {
      throw new Error(`optional parameter must be the last segment: ${path}`);
    }
    if (segment.startsWith(':') && !/^:\w+\??$/.test(segment)) throw new Error(`bad path parameter in ${path}`);
  });
  return path;
}

/** The declared input check of a call, if any (CALL_INPUTS is typed by its own keys). */
export function inputOf(name: AnyCallName): CallInput | undefined {
  return (CALL_INPUTS as Partial<Record<AnyCallName, CallInput>>)[name];
}

/** The calls one feature claims, with their handlers. */
interface FeatureClaims {
  feature: Feature;
  specs: Map<AnyCallName, AnyRouteSpec>;
}

/**
 * Collects the handlers of every feature, refusing mistakes at start-up rather than at request
 * time: a call name ALL_CALLS does not know, a call claimed by two features, or a call without
 * its input check in src/domain (CALL_INPUTS).
 */
function collectClaims(deps: FeatureDeps, features: readonly Feature[]): FeatureClaims[] {
  const owners = new Map<AnyCallName, string>();
  return features.map((feature) => {
    const specs = new Map<AnyCallName, AnyRouteSpec>();
    for (const [name, spec] of Object.entries(feature.routes(deps)) as [AnyCallName, AnyRouteSpec | undefined][]) {
      if (!spec) continue;
      const call: ApiCallDef | undefined = ALL_CALLS[name];
      if (!call) throw new Error(`feature ${feature.name} claims unknown call ${name}`);
      const owner = owners.get(name);
      if (owner) throw new Error(`call ${name} claimed twice, by ${owner} and ${feature.name}`);
      if (!inputOf(name)) throw new Error(`call ${name} (feature ${feature.name}) has no input check: declare it in src/domain/<area>/inputs.ts`);
      owners.set(name, feature.name);
      specs.set(name, spec);
    }
    return { feature, specs };
  });
}

/** Every claimed call with its handler, whichever feature claims it (checked as collectClaims does). */
export function collectSpecs(deps: FeatureDeps, features: readonly Feature[]): Map<AnyCallName, AnyRouteSpec> {
  return new Map(collectClaims(deps, features).flatMap(({ specs }) => [...specs]));
}

async function notImplemented(_request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  return reply.code(501).send(fail(501));
}

function wrap(spec: AnyRouteSpec) {
  return async function handler(request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
    const data = await spec.handler(request, reply);
    if (reply.sent) return reply;
    // Already the whole envelope as JSON text (a cached public read): sent without serializing again.
    if (data instanceof PreparedJson) return reply.type('application/json; charset=utf-8').send(data.body);
    return ok(data === undefined ? null : data);
  };
}

/** The route of call `name`: the feature's handler behind its input check, or 501 without a spec. */
function routeCall(app: FastifyInstance, name: AnyCallName, spec: AnyRouteSpec | undefined): void {
  const call: ApiCallDef = ALL_CALLS[name];
  // A cross-site request that would change state is refused first; then auth runs before schema
  // validation: a visitor gets 401, never hints about the payload.
  const preValidation: preHandlerAsyncHookHandler[] = changesState(call) ? [refuseCrossSite] : [];
  if (spec?.auth === 'required') preValidation.push(app.requireUser);
  if (spec?.auth === 'optional') preValidation.push(app.optionalUser);
  app.route({
    method: call.method,
    url: toFastifyPath(call.path),
    ...(spec ? { schema: { ...inputOf(name) } } : {}),
    preValidation,
    config: { apiCall: name, implemented: !!spec, ...spec?.config },
    handler: spec ? wrap(spec) : notImplemented,
  });
}

/** One feature as one encapsulated plugin: its calls, then what it registers itself (files, hooks, jobs). */
function featurePlugin({ feature, specs }: FeatureClaims): FastifyPluginAsync<FeatureDeps> {
  const plugin: FastifyPluginAsync<FeatureDeps> = async (scope, deps) => {
    for (const [name, spec] of specs) routeCall(scope, name, spec);
    await feature.register?.(scope, deps);
  };
  // The name Fastify gives the plugin in its errors and plugin tree.
  return Object.assign(plugin, { [Symbol.for('fastify.display-name')]: `feature ${feature.name}` });
}

export async function registerApi(app: FastifyInstance, deps: FeatureDeps, features: readonly Feature[]): Promise<void> {
  const claims = collectClaims(deps, features);
  for (const claim of claims) app.register(featurePlugin(claim), deps);
  const claimed = new Set(claims.flatMap(({ specs }) => [...specs.keys()]));
  for (const name of Object.keys(ALL_CALLS) as AnyCallName[]) {
    if (!claimed.has(name)) routeCall(app, name, undefined);
  }
}
