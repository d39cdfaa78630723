/** Each feature is one encapsulated Fastify plugin: its calls, its own routes, hooks and jobs (server/shared/registry.ts). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALL_CALLS } from '../../src/domain/calls';
import { DEADLINE_SWEEP_SECONDS } from '../../src/domain/questionBank/limits';
import { questionBankFeature } from '../../server/questionBank/feature';
import { defineFeature } from '../../server/shared/feature';
import { createTestApp } from './harness';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a feature plugin', () => {
  it("runs the feature's lifecycle hooks: onReady at start, preClose then onClose at shutdown", async () => {
    const seen: string[] = [];
    const probe = defineFeature('probe', [], async (app) => {
      app.addHook('onReady', async () => void seen.push('onReady'));
      app.addHook('preClose', async () => void seen.push('preClose'));
      app.addHook('onClose', async () => void seen.push('onClose'));
    });
    const t = await createTestApp({ features: [probe] });
    await t.app.ready();
    expect(seen).toEqual(['onReady']);
    await t.close();
    expect(seen).toEqual(['onReady', 'preClose', 'onClose']);
  });

  it('keeps its hooks to its own calls and routes', async () => {
    const probe = defineFeature('probe', [() => ({ classTreeList: { handler: () => [] } })], async (app) => {
      app.addHook('onRequest', async (_request, reply) => void reply.header('x-probe', 'yes'));
      app.get('/probe', async () => 'probe');
    });
    const t = await createTestApp({ features: [probe] });
    try {
      const call = await t.app.inject({ method: ALL_CALLS.classTreeList.method, url: ALL_CALLS.classTreeList.path, payload: {} });
      expect(call.statusCode).toBe(200);
      expect(call.headers['x-probe']).toBe('yes');
      expect((await t.app.inject({ url: '/probe' })).headers['x-probe']).toBe('yes');
      // A call no feature claims (the registry's 501) and a route outside the features do not see it.
      const unclaimed = await t.app.inject({ method: ALL_CALLS.coursePageList.method, url: ALL_CALLS.coursePageList.path, payload: {} });
      expect(unclaimed.statusCode).toBe(501);
      expect(unclaimed.headers['x-probe']).toBeUndefined();
      expect((await t.app.inject({ url: '/healthz' })).headers['x-probe']).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it("starts the question bank's deadline sweep when the server is ready and stops it at close", async () => {
    const setTimer = vi.spyOn(globalThis, 'setInterval');
    const clearTimer = vi.spyOn(globalThis, 'clearInterval');
    const sweeps = () => setTimer.mock.calls.flatMap((args, i) => (args[1] === DEADLINE_SWEEP_SECONDS * 1000 ? [setTimer.mock.results[i]?.value] : []));

    const t = await createTestApp({ features: [questionBankFeature] });
    expect(sweeps()).toHaveLength(0);
    await t.app.ready();
    expect(sweeps()).toHaveLength(1);
    await t.close();
    expect(clearTimer).toHaveBeenCalledWith(sweeps()[0]);

    // Without the feature, no sweep.
    const bare = await createTestApp({ features: [] });
    await bare.app.ready();
    await bare.close();
    expect(sweeps()).toHaveLength(1);
  });
});
