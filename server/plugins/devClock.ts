/**
 * The developer clock, never in production: services.clock (server/shared/clock.ts), which orders,
 * access periods and exam deadlines follow in every feature, shown and moved forward.
 * - GET  /dev/clock → {code:200,msg:'success',data:{now, offsetMs}};
 * - POST /dev/clock/advance {minutes} → the same after moving it forward (an e2e test shows that
 *   an order 31 minutes old cannot be paid).
 */
import type { FastifyInstance } from 'fastify';
import { isProduction, type ServerConfig } from '../config';
import type { Clock } from '../shared/clock';
import { ShiftableClock } from '../shared/clock';
import { isCrossSite } from '../shared/crossSite';
import { AppError, ok } from '../shared/envelope';

export interface DevClockOptions {
  config: ServerConfig;
  clock: Clock;
}

export async function devClockPlugin(app: FastifyInstance, { config, clock }: DevClockOptions): Promise<void> {
  if (isProduction(config) || !(clock instanceof ShiftableClock)) return;
  const state = () => ok({ now: clock.now().getTime(), offsetMs: clock.offset });
  app.get('/dev/clock', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return state();
  });
  app.post<{ Body: { minutes: number } }>(
    '/dev/clock/advance',
    { schema: { body: { type: 'object', required: ['minutes'], properties: { minutes: { type: 'integer', minimum: 1, maximum: 525_600 } } } } },
    async (request) => {
      if (isCrossSite(request)) throw new AppError(403);
      clock.advance(request.body.minutes * 60_000);
      return state();
    },
  );
}
