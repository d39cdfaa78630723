/**
 * Hands in exam records whose time is up even when their student never comes back: every
 * DEADLINE_SWEEP_SECONDS the server settles what is due (reads settle their user's records
 * at once too, so nobody sees a record "still running" in between).
 */
import type { FastifyInstance } from 'fastify';
import { DEADLINE_SWEEP_SECONDS } from '../../src/domain/questionBank/limits';
import type { Db } from '../db/client';
import type { Clock } from '../shared/clock';
import { settleExpired } from './records.queries';

export function installDeadlineSweep(app: FastifyInstance, db: Db, clock: Clock): void {
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  const sweep = async () => {
    if (running) return;
    running = true;
    try {
      const settled = await settleExpired(db, clock.now());
      if (settled > 0) app.log.info({ settled }, 'exam records handed in at their deadline');
    } catch (err) {
      app.log.warn({ err }, 'deadline sweep failed; retried at the next tick');
    } finally {
      running = false;
    }
  };
  app.addHook('onReady', () => {
    timer = setInterval(() => void sweep(), DEADLINE_SWEEP_SECONDS * 1000);
    timer.unref();
  });
  app.addHook('onClose', () => {
    if (timer) clearInterval(timer);
  });
}
