/**
 * The contract between the API registry and the features: a feature claims calls of ALL_CALLS by
 * name, under whatever URL prefixes they live, and the registry turns each claim into a route.
 */
import type { FastifyReply, FastifyRequest, FastifySchema, RouteGenericInterface } from 'fastify';
import type { AnyCallName } from '../../src/domain/calls';
import type { ServerConfig } from '../config';
import type { Db, DbKind } from '../db/client';
import type { Services } from '../providers/services';

export interface FeatureDeps {
  db: Db;
  dbKind: DbKind;
  config: ServerConfig;
  /** Read inside handlers only: routes() also runs with stub deps to list what a feature claims. */
  services: Services;
}

/**
 * One implemented call. The handler returns the `data` of the envelope; the registry wraps it in
 * `{code: 200, msg: 'success', data}`. A handler that answers by itself (a file, a redirect) sends
 * on `reply` and returns it. Failures are thrown as AppError.
 */
export interface RouteSpec<RG extends RouteGenericInterface = RouteGenericInterface> {
  schema?: FastifySchema;
  /** 'required': 401 without a live session, then `currentUser(request)`; 'optional': `request.auth` may be null. */
  auth?: 'required' | 'optional';
  /** Per-route options for plugins, e.g. `{ rateLimit: { max: 5, timeWindow: '1 minute' } }`. */
  config?: Record<string, unknown>;
  handler(request: FastifyRequest<RG>, reply: FastifyReply): unknown;
}

/** Lets a handler declare its Body/Params/Querystring types while the registry stores one type. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the registry stores handlers of every request shape; defineRoute() keeps each one typed.
export type AnyRouteSpec = RouteSpec<any>;

export function defineRoute<RG extends RouteGenericInterface>(spec: RouteSpec<RG>): AnyRouteSpec {
  return spec;
}

export type FeatureRoutes = Partial<Record<AnyCallName, AnyRouteSpec>>;

/** What one `<thing>.routes.ts` file exports: the calls it answers. */
export type RouteGroup = (deps: FeatureDeps) => FeatureRoutes;

export interface Feature {
  name: string;
  routes(deps: FeatureDeps): FeatureRoutes;
}

/**
 * A feature made of several route files. A call claimed by two of its files is refused here, as
 * the registry refuses one claimed by two features: a spread would silently keep the last.
 */
export function defineFeature(name: string, groups: readonly RouteGroup[]): Feature {
  return {
    name,
    routes(deps) {
      const merged: FeatureRoutes = {};
      for (const group of groups) {
        for (const [call, spec] of Object.entries(group(deps)) as [AnyCallName, AnyRouteSpec | undefined][]) {
          if (!spec) continue;
          if (merged[call]) throw new Error(`call ${call} claimed twice in feature ${name}`);
          merged[call] = spec;
        }
      }
      return merged;
    },
  };
}

/** Reusable schema pieces. */
export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 0 } },
} as const;
