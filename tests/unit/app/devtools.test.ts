import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { authSessionMachine } from '../../../src/machines/account/authSession.machine';
import { ActorRegistry, maskSecrets, stateText } from '../../../src/services/shared/devtools/actorRegistry';
import { attachInspector, devInspect } from '../../../src/services/shared/devtools/hook';

describe('developer actor view', () => {
  it('is on in development and test builds, so a test can observe every actor (production drops it: bundleBudget.test.ts)', () => {
    expect(devInspect).toBeTypeOf('function');
    const seen: string[] = [];
    const detach = attachInspector((event) => seen.push(event.type));
    const actor = createActor(authSessionMachine, { input: { token: null, user: null, userInfoFresh: false }, inspect: devInspect });
    actor.start();
    detach();
    actor.stop();
    expect(seen).toContain('@xstate.actor');
    expect(seen).toContain('@xstate.snapshot');
    // Detached: nothing more reaches the observer.
    const count = seen.length;
    createActor(authSessionMachine, { input: { token: null, user: null, userInfoFresh: false }, inspect: devInspect })
      .start()
      .stop();
    expect(seen).toHaveLength(count);
  });

  it('lists live actors with their state, masked context and recent events', () => {
    const registry = new ActorRegistry();
    const actor = createActor(authSessionMachine, { input: { token: null, user: null, userInfoFresh: false }, inspect: registry.observe });
    actor.start();
    actor.send({
      type: 'session.loggedIn',
      result: { token: 'secret-token', expirationTimestamp: Date.now() + 86_400_000, userinfo: { id: 1, nickname: '学途同学' } as never },
    });
    const [root] = registry.list();
    expect(root?.id).toBe('authSession');
    expect(root?.state).toBe('loggedIn.ready');
    expect(JSON.stringify(root?.context)).not.toContain('secret-token');
    expect((root?.context as { token: string }).token).toBe('***');
    expect(root?.events[0]?.type).toBe('session.loggedIn');
    expect(JSON.stringify(root?.events[0]?.payload)).not.toContain('secret-token');
    expect(registry.getVersion()).toBeGreaterThan(0);
    actor.stop();
  });

  it('masks passwords, codes, session keys and captcha answers at any depth', () => {
    expect(
      maskSecrets({ mobile: '13800138000', pwd: 'x', form: { code: '123456', newPwd: 'y', captchaVerifyParam: 'z', sessionKey: 'k' }, empty: '' }),
    ).toEqual({
      mobile: '13800138000',
      pwd: '***',
      form: { code: '***', newPwd: '***', captchaVerifyParam: '***', sessionKey: '***' },
      empty: '',
    });
  });

  it('writes nested state values as dotted paths', () => {
    expect(stateText({ loggedIn: 'ready' })).toBe('loggedIn.ready');
    expect(stateText({ a: { b: 'c' } })).toBe('a.b.c');
    expect(stateText('idle')).toBe('idle');
  });
});
