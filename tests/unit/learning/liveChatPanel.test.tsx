/**
 * The live chat panel with msw and a stand-in EventSource: the room's messages (the assistant's
 * and one's own marked), sending with the length checked, the server's refusal shown, the wait
 * between two messages, the connection's state, and a replay read-only.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppProvider } from '../../../src/app/AppContext';
import { browserDeps, createAuthSession } from '../../../src/app/authSession';
import { LEARNING_CALLS } from '../../../src/domain/learning/calls';
import type { LiveMessage } from '../../../src/domain/learning/contract';
import { STORAGE_KEYS } from '../../../src/domain/shared/constants';
import { LiveChatPanel } from '../../../src/views/learning/player/live/LiveChatPanel';
import { STUDENT } from '../../support/users';
import { click, eventually } from '../../support/loginKit';
import { sessionHandlers } from '../commerce/myOrders.fixtures';
import { answer, fail, ok } from '../../support/msw';

class FakeEventSource {
  static last: FakeEventSource | null = null;
  readonly listeners = new Map<string, ((event: unknown) => void)[]>();
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, fn: (event: unknown) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  emit(type: string, event: unknown = {}) {
    act(() => this.listeners.get(type)?.forEach((fn) => fn(event)));
  }
  close() {
    this.closed = true;
  }
}

const message = (id: number, over: Partial<LiveMessage> = {}): LiveMessage => ({
  id,
  coursewareId: 90,
  userId: 2,
  nickname: '学途助教',
  avatar: '',
  content: `第${id}条`,
  sentAt: 1_700_000_000_000 + id,
  fromStaff: false,
  ...over,
});

let refuse: string | null = null;
const posted: unknown[] = [];
const server = setupServer(
  ...sessionHandlers,
  answer(LEARNING_CALLS.sendLiveMsg, async ({ request }) => {
    const body = (await request.json()) as { content: string; clientMsgId: string };
    posted.push(body);
    return refuse ? fail(refuse, 400) : ok(message(100 + posted.length, { userId: STUDENT.id, nickname: STUDENT.nickname, content: body.content }));
  }),
);
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
});
afterEach(() => {
  cleanup();
  refuse = null;
  posted.length = 0;
});
afterAll(() => {
  server.close();
  delete (globalThis as { EventSource?: unknown }).EventSource;
});

function renderPanel(state: 'LIVE' | 'REPLAY') {
  document.cookie = `${STORAGE_KEYS.tokenCookie}=tok; path=/`;
  document.cookie = `${STORAGE_KEYS.userInfoRefreshCookie}=1; path=/`;
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(STUDENT));
  render(
    <AppProvider session={createAuthSession(browserDeps())}>
      <LiveChatPanel coursewareId={90} live={{ state, startsAt: 1, endsAt: 2 }} />
    </AppProvider>,
  );
}

describe('LiveChatPanel', () => {
  it('shows the room as it comes, sends within the limits and marks its own words', async () => {
    renderPanel('LIVE');
    expect(screen.getByRole('status').textContent).toBe('正在连接互动区…');
    const source = FakeEventSource.last!;
    expect(source.url).toBe('/products/front/api/yoke/liveStream/90');
    source.emit('open');
    source.emit('message', { data: JSON.stringify(message(1, { fromStaff: true, content: '答疑室已开放' })) });
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByTestId('live-messages').textContent).toContain('学途助教助教答疑室已开放');

    const input = screen.getByTestId('live-input');
    fireEvent.change(input, { target: { value: '长'.repeat(201) } });
    expect(screen.getByRole('alert').textContent).toBe('发言最多200个字');
    expect((screen.getByRole('button', { name: '发送' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: '  第3题怎么做？ ' } });
    await click(screen.getByRole('button', { name: '发送' }));
    await eventually(() => expect(screen.getByTestId('live-messages').textContent).toContain('第3题怎么做？'));
    expect(posted).toEqual([expect.objectContaining({ coursewareId: 90, content: '第3题怎么做？' })]);
    expect((input as HTMLInputElement).value).toBe('');
    expect(screen.getByTestId('live-messages').textContent).toContain('我');
    // The same message arriving by the stream too is shown once.
    source.emit('message', { data: JSON.stringify(message(101, { userId: STUDENT.id, content: '第3题怎么做？' })) });
    expect(screen.getAllByText('第3题怎么做？')).toHaveLength(1);

    source.emit('error');
    expect(screen.getByRole('status').textContent).toBe('连接已断开，正在重新连接…');
  });

  it("shows the server's refusal and keeps the draft", async () => {
    refuse = '你已被禁言，暂时不能发言';
    renderPanel('LIVE');
    fireEvent.change(screen.getByTestId('live-input'), { target: { value: '还能说话吗' } });
    await click(screen.getByRole('button', { name: '发送' }));
    await eventually(() => expect(screen.getByRole('alert').textContent).toBe('你已被禁言，暂时不能发言'));
    expect((screen.getByTestId('live-input') as HTMLInputElement).value).toBe('还能说话吗');
  });

  it('is read-only for a replay', () => {
    renderPanel('REPLAY');
    expect(screen.queryByTestId('live-input')).toBeNull();
    expect(screen.getByText('直播已结束，互动区仅供回看')).toBeTruthy();
  });
});
