/** The contract between the API registry and the per-prefix area modules. */
import type { AnyCallName } from '../../../src/domain/apiCalls';
import type { FastifyReply, FastifyRequest, FastifySchema, RouteGenericInterface } from 'fastify';
import type { ServerConfig } from '../../config';
import type { Db, DbKind } from '../../db/client';
import type { Services } from '../../services';

export interface AreaDeps {
  db: Db;
  dbKind: DbKind;
  config: ServerConfig;
  /** Read inside handlers only: routes() also runs with stub deps to list what an area implements. */
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

export type AreaRoutes = Partial<Record<AnyCallName, AnyRouteSpec>>;

export interface Area {
  name: string;
  /** Every call the area implements must live under this path prefix. */
  prefix: string;
  routes(deps: AreaDeps): AreaRoutes;
}

/** Reusable schema pieces. */
export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 0 } },
} as const;
