/**
 * Registers one route for every entry of ALL_CALLS (the §7 calls and our extra ones): the area's
 * handler where one exists, else a 501 answer. The client is generated from the same list, so no
 * call of it can ever hit a 404.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { ALL_CALLS, type AnyCallName } from '../../src/domain/calls';
import type { ApiCallDef } from '../../src/domain/shared/api';
import { fail, ok } from '../http/envelope';
import { accountArea } from './account';
import { captchaArea } from './captcha';
import { contentArea } from './content';
import { crmArea } from './crm';
import { dataanalysisArea } from './dataanalysis';
import { legacyArea } from './legacy';
import { loginArea } from './login';
import type { AnyRouteSpec, Area, AreaDeps } from './lib/routes';
import { paymentArea } from './payment';
import { productsArea } from './products';
import { questionbankArea } from './questionbank';
import { sysArea } from './sys';
import { uploadsArea } from './uploads';
import { usercenterArea } from './usercenter';
import { wechatArea } from './wechat';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The ALL_CALLS name a route serves; shows up in logs and lets hooks tell calls apart. */
    apiCall?: AnyCallName;
    implemented?: boolean;
  }
}

export const AREAS: readonly Area[] = [
  usercenterArea,
  loginArea,
  accountArea,
  wechatArea,
  captchaArea,
  sysArea,
  uploadsArea,
  contentArea,
  paymentArea,
  crmArea,
  productsArea,
  dataanalysisArea,
  questionbankArea,
  legacyArea,
];

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

/** Collects the handlers of every area, refusing mistakes at start-up rather than at request time. */
export function collectSpecs(deps: AreaDeps, areas: readonly Area[] = AREAS): Map<AnyCallName, AnyRouteSpec> {
  const specs = new Map<AnyCallName, AnyRouteSpec>();
  for (const area of areas) {
    for (const [name, spec] of Object.entries(area.routes(deps)) as [AnyCallName, AnyRouteSpec | undefined][]) {
      if (!spec) continue;
      const call: ApiCallDef | undefined = ALL_CALLS[name];
      if (!call) throw new Error(`area ${area.name} implements unknown call ${name}`);
      if (!call.path.startsWith(area.prefix)) throw new Error(`call ${name} (${call.path}) is outside area ${area.name} (${area.prefix})`);
      if (specs.has(name)) throw new Error(`call ${name} implemented twice`);
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
    return ok(data === undefined ? null : data);
  };
}

export async function registerApi(app: FastifyInstance, deps: AreaDeps, areas: readonly Area[] = AREAS): Promise<void> {
  const specs = collectSpecs(deps, areas);
  for (const [name, call] of Object.entries(ALL_CALLS) as [AnyCallName, ApiCallDef][]) {
    const spec = specs.get(name);
    // Auth runs before schema validation: a visitor gets 401, never hints about the payload.
    const preValidation: preHandlerAsyncHookHandler[] = [];
    if (spec?.auth === 'required') preValidation.push(app.requireUser);
    if (spec?.auth === 'optional') preValidation.push(app.optionalUser);
    app.route({
      method: call.method,
      url: toFastifyPath(call.path),
      ...(spec?.schema ? { schema: spec.schema } : {}),
      preValidation,
      config: { apiCall: name, implemented: !!spec, ...spec?.config },
      handler: spec ? wrap(spec) : notImplemented,
    });
  }
}
