/**
 * Registers one route for every entry of ALL_CALLS (the §7 calls and our extra ones): the handler
 * of the feature that claims it, else a 501 answer. The client is generated from the same list, so no
 * call of it can ever hit a 404.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
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

/**
 * Collects the handlers of every feature, refusing mistakes at start-up rather than at request
 * time: a call name ALL_CALLS does not know, a call claimed by two features, or a call without
 * its input check in src/domain (CALL_INPUTS).
 */
export function collectSpecs(deps: FeatureDeps, features: readonly Feature[]): Map<AnyCallName, AnyRouteSpec> {
  const specs = new Map<AnyCallName, AnyRouteSpec>();
  const owners = new Map<AnyCallName, string>();
  for (const feature of features) {
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
  }
  return specs;
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

export async function registerApi(app: FastifyInstance, deps: FeatureDeps, features: readonly Feature[]): Promise<void> {
  const specs = collectSpecs(deps, features);
  for (const [name, call] of Object.entries(ALL_CALLS) as [AnyCallName, ApiCallDef][]) {
    const spec = specs.get(name);
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
}
