/** The actor panel draws each machine's states offline and marks the current ones; ?inspect connects the Stately inspector at load. */
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { authSessionMachine } from '../../../src/machines/account/authSession.machine';
import { ActorRegistry, machineDiagram } from '../../../src/services/shared/devtools/actorRegistry';
import ActorPanel from '../../../src/views/shared/devtools/ActorPanel';

afterEach(() => window.history.replaceState(null, '', '/'));

const LOGGED_IN = {
  type: 'session.loggedIn',
  result: { token: 't', expirationTimestamp: Date.now() + 86_400_000, userinfo: { id: 1, nickname: '学途同学' } as never },
} as const;

describe('the state outline', () => {
  it('lists every state of the machine with where its events lead', () => {
    const diagram = machineDiagram(authSessionMachine.root as never);
    expect(diagram.map((s) => s.path)).toEqual(expect.arrayContaining(['booting', 'loggedOut', 'loggedIn', 'loggedIn.verifying', 'loggedIn.ready']));
    expect(diagram.find((s) => s.path === 'loggedIn.ready')?.depth).toBe(1);
    expect(diagram.find((s) => s.path === 'loggedOut')?.transitions).toContainEqual({ event: 'session.loggedIn', targets: ['loggedIn.ready'] });
    expect(diagram.find((s) => s.path === 'booting')?.transitions[0]?.event).toBe('(立即)');
  });

  it('marks the current state and moves the mark when the actor moves', async () => {
    window.history.replaceState(null, '', '/?devtools');
    const registry = new ActorRegistry();
    const actor = createActor(authSessionMachine, { input: { token: null, user: null, userInfoFresh: false }, inspect: registry.observe }).start();
    render(<ActorPanel registry={registry} connectStately={() => Promise.resolve()} />);
    const panel = screen.getByRole('region', { name: '状态机调试面板' });
    const current = () => [...panel.querySelectorAll('[aria-current="true"]')].map((el) => el.getAttribute('data-state'));
    expect(current()).toEqual(['loggedOut']);
    act(() => actor.send(LOGGED_IN));
    expect(current()).toEqual(['loggedIn', 'loggedIn.ready']);
    expect(within(panel).getAllByText('状态图').length).toBeGreaterThan(0);
    actor.stop();
  });
});

describe('?inspect', () => {
  it('connects the Stately inspector at load, and only then', async () => {
    const registry = new ActorRegistry();
    const connect = vi.fn(() => Promise.resolve());
    const { unmount } = render(<ActorPanel registry={registry} connectStately={connect} />);
    expect(connect).not.toHaveBeenCalled();
    unmount();
    window.history.replaceState(null, '', '/?inspect&devtools');
    render(<ActorPanel registry={registry} connectStately={connect} />);
    expect(connect).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('button', { name: 'Stately 已连接' })).toBeTruthy();
  });
});
