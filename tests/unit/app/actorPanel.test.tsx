/**
 * The developer actor panel's registry lists every live actor of the real App: on /uc/login and on
 * the user-centre pages it holds exactly the actors found by walking the actor tree from each
 * running root (snapshot.children, recursively) — the session and every view flow with its
 * invoked children. Roots and their lifecycles are tracked here from the raw inspection events,
 * independently of the registry.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AnyActorRef, InspectionEvent } from 'xstate';
import { ActorRegistry } from '../../../src/services/shared/devtools/actorRegistry';
import { attachInspector } from '../../../src/services/shared/devtools/hook';
import { dismissAllToasts } from '../../../src/services/shared/toast';
import { landingHandlers, renderApp } from '../../support/loginKit';
import { handlers, renderLoggedIn, resetServer } from '../account/account.fixtures';

const msw = setupServer(...handlers, ...landingHandlers);
beforeAll(() => msw.listen({ onUnhandledRequest: 'error' }));
afterAll(() => msw.close());

let registry: ActorRegistry;
/** Every root actor created, with what the inspection events told of it. */
let roots: Map<AnyActorRef, 'created' | 'running' | 'stopped'>;
let detach: () => void;

beforeEach(() => {
  resetServer();
  registry = new ActorRegistry();
  roots = new Map();
  detach = attachInspector((event: InspectionEvent) => {
    registry.observe(event);
    const ref = event.actorRef as AnyActorRef;
    if ((ref as unknown as { _parent?: unknown })._parent) return;
    if (event.type === '@xstate.actor') roots.set(ref, 'created');
    else if (event.type === '@xstate.event' && event.event.type === 'xstate.init') roots.set(ref, 'running');
    else if (event.type === '@xstate.snapshot' && (event.snapshot as { status: string }).status !== 'active') roots.set(ref, 'stopped');
  });
});
afterEach(() => {
  detach();
  msw.resetHandlers();
  dismissAllToasts();
});

function walk(ref: AnyActorRef): AnyActorRef[] {
  const children = Object.values((ref.getSnapshot() as { children?: Record<string, AnyActorRef | undefined> }).children ?? {});
  return [ref, ...children.filter((c): c is AnyActorRef => !!c).flatMap(walk)];
}

/** The live actors by walking the tree from each running root: id (a root's machine id) and session id. */
function liveTree(): { id: string; sessionId: string }[] {
  const running = [...roots].filter(([, status]) => status === 'running').map(([ref]) => ref);
  return running.flatMap((root) =>
    walk(root).map((ref) => ({ id: ref === root ? (ref as unknown as { logic: { id: string } }).logic.id : ref.id, sessionId: ref.sessionId })),
  );
}

const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);

/** The panel's list equals the walked tree, and holds exactly the expected actor ids. */
async function expectPanelLists(expectedIds: string[]): Promise<void> {
  await waitFor(() =>
    expect(
      liveTree()
        .map((a) => a.id)
        .sort()
        .join(','),
    ).toEqual([...expectedIds].sort().join(',')),
  );
  const listed = registry.list().map((a) => ({ id: a.id, sessionId: a.sessionId }));
  expect(listed.sort(byId)).toEqual(liveTree().sort(byId));
  expect(listed).toHaveLength(expectedIds.length);
}

describe('the developer actor panel lists every live actor', () => {
  it('/uc/login: the session, the notice with its reasons, the SMS login flow, its smsSender with its watchOtherTabs (6); the password tab swaps the flow (4)', async () => {
    renderApp('/uc/login');
    await screen.findByTestId('mobile-input', {}, { timeout: 10_000 });
    await expectPanelLists(['authSession', 'loginNotice', 'reasons', 'smsLogin', 'smsSender', 'watchOtherTabs']);
    expect(registry.list().find((a) => a.id === 'smsSender')?.parentId).toBe(registry.list().find((a) => a.id === 'smsLogin')?.sessionId);
    await act(async () => void fireEvent.click(screen.getByTestId('tab-password')));
    await expectPanelLists(['authSession', 'loginNotice', 'reasons', 'passwordLogin']);
  }, 30_000);

  it('个人资料: the session, the page-data flow and the profile editor (3)', async () => {
    renderLoggedIn('/uc/account-manage/personal');
    await screen.findByTestId('profile-avatar', {}, { timeout: 10_000 });
    await expectPanelLists(['authSession', 'profilePage', 'profile']);
  }, 30_000);

  it('账号安全: the session, the page-data flow and the four cards (6); opening 更换手机号 adds its smsSender with its watchOtherTabs (8)', async () => {
    renderLoggedIn('/uc/account-manage/security');
    const mobileCard = within(await screen.findByRole('region', { name: '绑定手机' }, { timeout: 10_000 }));
    await within(screen.getByRole('region', { name: '微信账号' })).findByRole('button', { name: /绑定|解除/ });
    await within(screen.getByRole('region', { name: '登录密码' })).findByRole('button', { name: /修改密码|设置密码/ });
    await within(screen.getByRole('region', { name: '登录设备' })).findAllByTestId('device-session');
    await expectPanelLists(['authSession', 'securityPage', 'changePassword', 'changeMobile', 'wechatBind', 'deviceSessions']);
    await act(async () => void fireEvent.click(mobileCard.getByRole('button', { name: '更换手机号' })));
    await expectPanelLists(['authSession', 'securityPage', 'changePassword', 'changeMobile', 'wechatBind', 'deviceSessions', 'smsSender', 'watchOtherTabs']);
  }, 30_000);
});
