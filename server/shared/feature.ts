/**
 * The contract between the API registry and the features: a feature claims calls of ALL_CALLS by
 * name, under whatever URL prefixes they live, and registers what else it serves and runs (files,
 * a vendor's notices, developer pages, hooks, background jobs). The registry makes each feature one
 * encapsulated Fastify plugin: its calls as routes, then its own registrations.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest, RawRequestDefaultExpression, RawServerDefault, RouteGenericInterface } from 'fastify';
import type { ALL_CALLS, AnyCallName } from '../../src/domain/calls';
import type { AnswerOf } from '../../src/domain/shared/api';
import type { SealedAnswer } from '../../src/domain/shared/sealed';
import type { CallInputs, CheckedCallName } from '../../src/domain/inputs';
import type { ServerConfig } from '../config';
import type { Db, DbKind } from '../db/client';
import type { Services } from '../providers/services';
import type { PreparedJson } from './preparedJson';
import type { PublicCache } from './publicCache';

export interface FeatureDeps {
  db: Db;
  dbKind: DbKind;
  config: ServerConfig;
  /** Read inside handlers only: routes() also runs with stub deps to list what a feature claims. */
  services: Services;
  /** Public reads shared by every visitor, kept fresh across processes (publicCache.ts). Handlers only, like services. */
  cache: PublicCache;
}

/**
 * The request of call N: body, query string and path parameters typed from the call's input
 * check in src/domain (CALL_INPUTS) through Fastify's TypeBox type provider — the schema that
 * validates them is the one that types them.
 */
export type CallRequest<N extends CheckedCallName> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  CallInputs[N],
  TypeBoxTypeProvider
>;

/**
 * One implemented call. The handler returns the `data` of the envelope; the registry wraps it in
 * `{code: 200, msg: 'success', data}`. A handler that answers by itself (a file, a redirect) sends
 * on `reply` and returns it. Failures are thrown as AppError. There is no schema here: the input
 * check is the call's entry in CALL_INPUTS, so no call can go without one.
 */
export interface RouteSpec<N extends CheckedCallName> {
  /** 'required': 401 without a live session, then `currentUser(request)`; 'optional': `request.auth` may be null. */
  auth?: 'required' | 'optional';
  /** Per-route options for plugins, e.g. `{ rateLimit: { max: 5, timeWindow: '1 minute' } }`. */
  config?: Record<string, unknown>;
  handler(request: CallRequest<N>, reply: FastifyReply): CallAnswer<N> | Promise<CallAnswer<N>>;
}

/**
 * What a handler of call N returns: the `data` its definition in src/domain declares (the client's
 * call() resolves to the same type), or the reply when it answers by itself (a file, a redirect).
 */
export type CallAnswer<N extends CheckedCallName> = Answer<AnswerOf<(typeof ALL_CALLS)[N]>>;

/** The answer itself, the same prepared once (a cached public read), sealed (an 'rsa' call), or the reply. */
type Answer<A> = A | PreparedJson<A> | SealedAnswer<A> | FastifyReply;

/** The registry stores the handlers of every call under one type. */
export interface AnyRouteSpec {
  auth?: 'required' | 'optional';
  config?: Record<string, unknown>;
  handler(request: FastifyRequest, reply: FastifyReply): unknown;
}

/** What a feature answers, call by call; a call without a declared input cannot be claimed. */
export type FeatureRoutes = { [N in CheckedCallName]?: RouteSpec<N> };

/** What one `<thing>.routes.ts` file exports: the calls it answers. */
export type RouteGroup = (deps: FeatureDeps) => FeatureRoutes;

/**
 * What a feature registers besides its calls, in its own plugin's scope (hooks it adds cover the
 * feature's routes only): routes outside the registry, registered as child plugins, and background
 * jobs started on onReady and stopped on onClose. Runs once per server process, with the real deps.
 */
export type FeatureRegister = (app: FastifyInstance, deps: FeatureDeps) => Promise<void>;

export interface Feature {
  name: string;
  routes(deps: FeatureDeps): FeatureRoutes;
  register?: FeatureRegister;
}

/**
 * A feature made of several route files, and what it registers besides. A call claimed by two of
 * its files is refused here, as the registry refuses one claimed by two features: a spread would
 * silently keep the last.
 */
export function defineFeature(name: string, groups: readonly RouteGroup[], register?: FeatureRegister): Feature {
  return {
    name,
    ...(register ? { register } : {}),
    routes(deps) {
      const merged = new Map<AnyCallName, AnyRouteSpec>();
      for (const group of groups) {
        for (const [call, spec] of Object.entries(group(deps)) as [AnyCallName, AnyRouteSpec | undefined][]) {
          if (!spec) continue;
          if (merged.has(call)) throw new Error(`call ${call} claimed twice in feature ${name}`);
          merged.set(call, spec);
        }
      }
      return Object.fromEntries(merged);
    },
  };
}
