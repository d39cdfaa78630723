/**
 * The live chat, model-based: paths from the real liveChat machine drive the real player at
 * /course-player/7?coursewareId=90 on a lesson that is live now, the chat beside it. The room's
 * stream is a stand-in EventSource the steps open, drop and feed (as tests/unit/learning/
 * liveChatPanel.test.tsx fakes it); each message sent waits on an msw gate a step answers (taken,
 * or refused as the server says it); the wait between two messages runs on fake timers.
 *
 * Offered as a student chats: typing and sending while the room is connected, the connection
 * coming and going while the box is empty and idle, the room's message while it is open (and the
 * echo of one's own message, shown once).
 */
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { LEARNING_CALLS } from '../../src/domain/learning/calls';
import type { LiveMessage } from '../../src/domain/learning/contract';
import { LIVE_MESSAGE_MAX_LENGTH, LIVE_MESSAGE_MIN_INTERVAL_MS } from '../../src/domain/learning/limits';
import { LIVE_TEXTS as T } from '../../src/domain/learning/live.texts';
import { liveChatMachine } from '../../src/machines/learning/liveChat.machine';
import { forgetLearningOutbox, MemoryOutbox } from '../../src/services/learning/learningOutbox';
import { dismissAllToasts } from '../../src/services/shared/toast';
import CoursePlayerView from '../../src/views/learning/player/CoursePlayerView';
import { renderView, sessionHandlers } from '../unit/commerce/myOrders.fixtures';
import { CONFIG, info, OUTLINE } from '../unit/learning/player.fixtures';
import { STUDENT } from '../support/users';
import { advance, eventually } from '../support/loginKit';
import { answer, fail, ok } from '../support/msw';
import { describeModel } from './harness';
import { heldCalls } from './learningQb.kit';

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
  async emit(type: string, event: unknown = {}) {
    await act(async () => this.listeners.get(type)?.forEach((fn) => fn(event)));
  }
  close() {
    this.closed = true;
  }
}

const COURSEWARE = 90;
const message = (id: number, over: Partial<LiveMessage> = {}): LiveMessage => ({
  id,
  coursewareId: COURSEWARE,
  userId: 2,
  nickname: '学途助教',
  avatar: '',
  content: `第${id}条`,
  sentAt: 1_700_000_000_000 + id,
  fromStaff: false,
  ...over,
});
const ROOM = message(1, { fromStaff: true, content: '答疑室已开放' });
const DRAFT = '  第3题怎么做？ ';
const TOO_LONG = '长'.repeat(LIVE_MESSAGE_MAX_LENGTH + 1);
const MINE = message(101, { userId: STUDENT.id, nickname: STUDENT.nickname, content: DRAFT.trim() });
const MUTED = '你已被禁言，暂时不能发言';
const COOLDOWN = 'xstate.after.cooldown.liveChat.composer.cooling';
const LIVE = info({
  coursewareId: COURSEWARE,
  coursewareName: '第9讲 直播答疑',
  type: 'LIVE',
  live: { state: 'LIVE', startsAt: 1_700_000_000_000, endsAt: 1_700_003_600_000 },
  recordable: false,
  watchTicket: null,
});

// A failing check waits 5 s for the screen (eventually): let it report rather than time out.
vi.setConfig({ testTimeout: 15_000 });
const calls = heldCalls<'post'>();
const posted: { coursewareId: number; content: string; clientMsgId: string }[] = [];
const server = setupServer(
  ...sessionHandlers,
  answer(LEARNING_CALLS.studyPercentage, OUTLINE),
  answer(LEARNING_CALLS.coursewareInfo, LIVE),
  answer(LEARNING_CALLS.ccConfig, { ...CONFIG, coursewareId: COURSEWARE }),
  answer(LEARNING_CALLS.sendLiveMsg, async ({ request }) => {
    posted.push((await request.json()) as (typeof posted)[number]);
    return calls.held('post')();
  }),
);
const realCanPlayType = HTMLMediaElement.prototype.canPlayType;
const realLoad = HTMLMediaElement.prototype.load;
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
  // The lesson's video: a browser that plays HLS itself (hls.js stays out), jsdom's load() a no-op.
  HTMLMediaElement.prototype.canPlayType = () => 'maybe';
  HTMLMediaElement.prototype.load = () => {};
});
afterAll(() => {
  HTMLMediaElement.prototype.canPlayType = realCanPlayType;
  HTMLMediaElement.prototype.load = realLoad;
  delete (globalThis as { EventSource?: unknown }).EventSource;
  server.close();
});

type Snap = ReturnType<typeof liveChatMachine.getInitialSnapshot>;
const draftKind = (s: Snap) => {
  const length = s.context.draft.trim().length;
  return length === 0 ? 'empty' : length > LIVE_MESSAGE_MAX_LENGTH ? 'long' : 'ok';
};

function events(s: Snap) {
  const open = s.matches({ connection: 'open' });
  const ready = s.matches({ composer: 'ready' });
  const kind = draftKind(s);
  const list: object[] = [];
  if (ready && kind === 'empty' && s.context.messages.length === 0) {
    if (!open) list.push({ type: 'OPENED' });
    if (!s.matches({ connection: 'reconnecting' })) list.push({ type: 'DROPPED' });
  }
  if (open && ready && kind === 'empty') list.push({ type: 'MESSAGE', message: ROOM });
  // The room echoes one's own message too: it shows once.
  if (s.matches({ composer: 'cooling' }) && kind === 'empty') list.push({ type: 'MESSAGE', message: MINE });
  if (open && (ready || s.matches({ composer: 'cooling' }))) {
    if (kind !== 'ok') list.push({ type: 'EDIT', text: DRAFT });
    if (ready && kind === 'ok') list.push({ type: 'EDIT', text: TOO_LONG }, { type: 'SEND' });
  }
  if (s.matches({ composer: 'sending' }))
    list.push({ type: 'xstate.done.actor.post', output: MINE }, { type: 'xstate.error.actor.post', error: new Error(MUTED) });
  if (s.matches({ composer: 'cooling' })) list.push({ type: COOLDOWN });
  return list;
}

const panel = () => within(screen.getByRole('region', { name: T.title }));
const input = () => screen.getByTestId('live-input') as HTMLInputElement;
const sendButton = () => panel().getByRole('button', { name: /^(发送|发送中…)$/ }) as HTMLButtonElement;
const source = () => FakeEventSource.last!;
/** The model's message id (made while the paths were generated) → the one the view sent. */
const idOf = new Map<string, string>();

describeModel('liveChat on /course-player/7?coursewareId=90 (live now)', {
  machine: liveChatMachine,
  input: { coursewareId: COURSEWARE, canSend: true },
  start: '登录后打开 /course-player/7?coursewareId=90（正在直播的课节），看右侧“直播互动”',
  events: events as never,
  // The messages are checked on each path's own snapshot; a refusal tells a resend apart.
  serializeState: (s: Snap) => JSON.stringify([s.value, draftKind(s), s.context.error !== null]),
  states: {
    'connection.connecting': async () => {
      await eventually(() => expect(panel().getByRole('status').textContent).toBe(T.connecting));
      expect(source().url).toBe(`/products/front/api/yoke/liveStream/${COURSEWARE}`);
    },
    'connection.open': async () => {
      await eventually(() => expect(panel().queryByRole('status')).toBeNull());
      expect(source().closed).toBe(false);
    },
    'connection.reconnecting': async () => {
      await eventually(() => expect(panel().getByRole('status').textContent).toBe(T.reconnecting));
    },
    // What every state shows: the room's messages (each once), the draft and its count.
    composer: async (s: Snap) => {
      const list = screen.getByTestId('live-messages');
      await eventually(() => expect(within(list).getAllByRole('listitem')).toHaveLength(Math.max(1, s.context.messages.length)));
      if (s.context.messages.length === 0) expect(list.textContent).toBe(T.empty);
      for (const m of s.context.messages) expect(list.textContent).toContain(m.content);
      if (s.context.messages.some((m) => m.id === ROOM.id)) expect(list.textContent).toContain(`学途助教${T.staff}答疑室已开放`);
      if (s.context.messages.some((m) => m.id === MINE.id)) expect(list.textContent).toContain(`${STUDENT.nickname}${T.me}`);
      await eventually(() => expect(input().value).toBe(s.context.draft));
      expect(panel().getByText(T.counter(s.context.draft.trim().length, LIVE_MESSAGE_MAX_LENGTH))).toBeTruthy();
    },
    'composer.ready': async (s: Snap) => {
      const kind = draftKind(s);
      await eventually(() => expect(sendButton().textContent).toBe(T.send));
      // 发送 takes a draft within the limits, at once.
      expect(sendButton().disabled).toBe(kind !== 'ok');
      const alert = panel().queryByRole('alert')?.textContent ?? null;
      expect(alert).toBe(kind === 'long' ? T.tooLong(LIVE_MESSAGE_MAX_LENGTH) : s.context.error);
      expect(calls.pending('post')).toBeUndefined();
    },
    'composer.sending': async (s: Snap) => {
      await eventually(() => expect(calls.pending('post')).toBeDefined());
      expect(posted.at(-1)).toMatchObject({ coursewareId: COURSEWARE, content: s.context.draft.trim() });
      // A resend after a refusal keeps the message's id (the server counts it once); an edited draft is a new message.
      const sent = posted.at(-1)!.clientMsgId;
      const model = s.context.clientMsgId!;
      if (idOf.has(model)) expect(sent).toBe(idOf.get(model));
      else expect([...idOf.values()]).not.toContain(sent);
      idOf.set(model, sent);
      expect(sendButton().textContent).toBe(T.sending);
      expect(sendButton().disabled).toBe(true);
    },
    'composer.cooling': async () => {
      // The next message waits its turn, whatever is typed.
      await eventually(() => expect(sendButton().textContent).toBe(T.send));
      expect(sendButton().disabled).toBe(true);
      expect(panel().queryByRole('alert')).toBeNull();
    },
  },
  exec: {
    OPENED: async () => source().emit('open'),
    DROPPED: async () => source().emit('error'),
    MESSAGE: async (e: { message: LiveMessage }) => source().emit('message', { data: JSON.stringify(e.message) }),
    EDIT: async (e: { text: string }) => act(async () => void fireEvent.change(input(), { target: { value: e.text } })),
    SEND: async () => act(async () => void fireEvent.click(sendButton())),
    'xstate.done.actor.post': async (e: { output: LiveMessage }) => calls.respond('post', () => ok(e.output)),
    'xstate.error.actor.post': async (e: { error: Error }) => calls.respond('post', () => fail(e.error.message, 400)),
    [COOLDOWN]: async () => advance(LIVE_MESSAGE_MIN_INTERVAL_MS),
  } as never,
  setup: async () => {
    calls.reset();
    posted.length = 0;
    idOf.clear();
    FakeEventSource.last = null;
    forgetLearningOutbox(new MemoryOutbox());
    // Only the chat's wait between two messages is timed (the requests' own timers are never reached).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderView(CoursePlayerView, `/course-player/7?coursewareId=${COURSEWARE}`, { pattern: '/course-player/:id' });
    await eventually(() => expect(screen.getByRole('region', { name: T.title })).toBeTruthy());
    return () => {
      calls.release();
      cleanup();
      dismissAllToasts();
      forgetLearningOutbox();
      vi.useRealTimers();
    };
  },
  coverage: 'transitions',
});
