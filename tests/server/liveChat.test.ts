/**
 * The live chat (issue 11, point 4) on the real database: sending while the session runs with the
 * limits (length, rate, mute, a resend answered once), and the server-sent events stream: the
 * room's history, a new message as it is sent, and `Last-Event-ID` resuming without repeats.
 */
import type { AddressInfo } from 'node:net';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveMessage } from '../../src/domain/learning/contract';
import { LEARNING_CALLS, LEARNING_EXTRA_CALLS } from '../../src/domain/learning/calls';
import { LEARNING_TEXTS } from '../../src/domain/learning/texts';
import { grantCourse } from '../../server/commerce/entitlements';
import { catalogues, classes, courses, coursewares, liveMessages, liveMutes, liveSessions } from '../../server/db/schema';
import type { Clock } from '../../server/shared/clock';
import { call } from './accounts-helpers';
import { createTestApp, createUser, loginAs, secondServer, type TestApp } from './harness';

/**
 * A clock that moves only when told: "one message per 2 s" is then decided by the test's steps,
 * never by how long a request took on a busy machine.
 */
class StepClock implements Clock {
  private ms = Date.now();
  now(): Date {
    return new Date(this.ms);
  }
  advance(ms: number): void {
    this.ms += ms;
  }
}

const clock = new StepClock();
let t: TestApp;
let courseId = 0;
let room = 0;
let later = 0;
let owner = '';
let ownerId = 0;
let msgSeq = 0;

const data = <T>(res: { json(): unknown }): T => (res.json() as { data: T }).data;
const say = (token: string, content: string, coursewareId = room, clientMsgId = `msg-${process.pid}-${++msgSeq}`) =>
  call(t, 'sendLiveMsg', { token, body: { coursewareId, content, clientMsgId } });

async function student(): Promise<{ id: number; token: string }> {
  const user = await createUser(t.db);
  await grantCourse(t.db, { userId: user.id, courseId, courseType: 'SYS', source: 'GIFT', start: clock.now(), validDays: 30 });
  return { id: user.id, token: await loginAs(t.db, user.id) };
}

beforeAll(async () => {
  t = await createTestApp({ services: { clock } });
  const [project] = await t.db.insert(classes).values({ parentId: 0, name: '直播测试', code: 'live-test', level: 1 }).returning();
  const [course] = await t.db
    .insert(courses)
    .values({ type: 'SYS', title: '直播课', cover: '/c.png', categoryId: project!.id, projectId: project!.id, priceCents: 100, intro: '' })
    .returning();
  courseId = course!.id;
  const [node] = await t.db.insert(catalogues).values({ courseId, name: '直播' }).returning();
  const [open] = await t.db.insert(coursewares).values({ courseId, catalogueId: node!.id, name: '答疑直播', type: 'LIVE', durationSeconds: 3600 }).returning();
  const [soon] = await t.db.insert(coursewares).values({ courseId, catalogueId: node!.id, name: '明日直播', type: 'LIVE', durationSeconds: 3600 }).returning();
  room = open!.id;
  later = soon!.id;
  const now = clock.now().getTime();
  await t.db.insert(liveSessions).values([
    { coursewareId: room, startsAt: new Date(now - 60_000), endsAt: new Date(now + 10 * 86_400_000) },
    { coursewareId: later, startsAt: new Date(now + 86_400_000), endsAt: new Date(now + 86_400_000 + 3_600_000) },
  ]);
  const first = await student();
  owner = first.token;
  ownerId = first.id;
});
afterAll(() => t.close());

describe('yoke/sendLiveMsg', () => {
  it('stores a message of a student while the session runs, and answers a resend with the same message', async () => {
    const res = await say(owner, '  老师好，第3题怎么做？  ', room, 'resend-me-0001');
    expect(res.statusCode, res.body).toBe(200);
    const message = data<LiveMessage>(res);
    expect(message).toMatchObject({ coursewareId: room, userId: ownerId, content: '老师好，第3题怎么做？', fromStaff: false });
    clock.advance(5_000);
    const again = data<LiveMessage>(await say(owner, '老师好，第3题怎么做？', room, 'resend-me-0001'));
    expect(again.id).toBe(message.id);
  });

  it('refuses messages too fast, empty, too long, outside the session, from a muted user or a non-owner', async () => {
    const { id, token } = await student();
    clock.advance(5_000);
    expect((await say(token, '第一条')).statusCode).toBe(200);
    const fast = await say(token, '第二条');
    expect(fast.statusCode).toBe(400);
    expect(fast.json().msg).toBe(LEARNING_TEXTS.liveTooFast);
    clock.advance(3_000);
    expect((await say(token, '第二条')).statusCode).toBe(200);
    clock.advance(3_000);
    expect((await say(token, '   ')).json().msg).toBe(LEARNING_TEXTS.liveEmpty);
    expect((await say(token, '长'.repeat(201))).statusCode).toBe(400);
    expect((await say(token, '还没开始', later)).json().msg).toBe(LEARNING_TEXTS.liveNotOpen);

    await t.db.insert(liveMutes).values({ userId: id, coursewareId: 0, until: new Date(clock.now().getTime() + 3_600_000), reason: '刷屏' });
    const muted = await say(token, '被禁言了吗');
    expect(muted.statusCode).toBe(400);
    expect(muted.json().msg).toBe(LEARNING_TEXTS.liveMuted);

    const stranger = await loginAs(t.db, (await createUser(t.db)).id);
    expect((await say(stranger, '我也想问')).statusCode).toBe(403);
    expect((await call(t, 'sendLiveMsg', { body: { coursewareId: room, content: 'x', clientMsgId: 'visitor-0001' } })).statusCode).toBe(401);
  });
});

describe('the live message stream', () => {
  let base = '';

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  /** Opens the stream (of the server at `at`) and returns a reader of its events. */
  async function open(token: string, lastEventId?: number, at = base) {
    const controller = new AbortController();
    const res = await fetch(`${at}${LEARNING_EXTRA_CALLS.liveMessageStream.path.replace(':id', String(room))}`, {
      headers: { authorization: `Bearer ${token}`, ...(lastEventId ? { 'last-event-id': String(lastEventId) } : {}) },
      signal: controller.signal,
    });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    const next = async (): Promise<LiveMessage> => {
      for (;;) {
        const match = /event: message\ndata: (.+)\n\n/.exec(buffer);
        if (match) {
          buffer = buffer.slice(match.index + match[0].length);
          return JSON.parse(match[1]!) as LiveMessage;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        buffer += decoder.decode(value, { stream: true });
      }
    };
    return { res, next, close: () => controller.abort() };
  }

  it('sends the history, then each new message; Last-Event-ID resumes after it', async () => {
    const stream = await open(owner);
    expect(stream.res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const history: LiveMessage[] = [];
    history.push(await stream.next());
    expect(history[0]!.content).toBe('老师好，第3题怎么做？');

    const { token } = await student();
    clock.advance(5_000);
    const sent = data<LiveMessage>(await say(token, '直播里那道题我也没懂'));
    let got = await stream.next();
    while (got.id !== sent.id) got = await stream.next();
    expect(got.content).toBe('直播里那道题我也没懂');
    stream.close();

    const resumed = await open(owner, history[0]!.id);
    const first = await resumed.next();
    expect(first.id).toBeGreaterThan(history[0]!.id);
    resumed.close();
  });

  it('delivers messages sent on two servers to streams on both, each once and in order', async () => {
    const second = await secondServer(t);
    try {
      await second.app.listen({ port: 0, host: '127.0.0.1' });
      const secondBase = `http://127.0.0.1:${(second.app.server.address() as AddressInfo).port}`;
      const [last] = await t.db.select({ id: liveMessages.id }).from(liveMessages).orderBy(desc(liveMessages.id)).limit(1);
      const streams = [await open(owner, last!.id), await open(owner, last!.id, secondBase)];
      const sent: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        const { token } = await student();
        const server = i % 2 === 0 ? t : second;
        const res = await call(server, 'sendLiveMsg', {
          token,
          body: { coursewareId: room, content: `第${i + 1}条`, clientMsgId: `both-${process.pid}-${i}` },
        });
        expect(res.statusCode, res.body).toBe(200);
        sent.push(data<LiveMessage>(res).id);
      }
      for (const stream of streams) {
        const got: number[] = [];
        while (got.length < sent.length) got.push((await stream.next()).id);
        expect(got).toEqual(sent);
        stream.close();
      }
    } finally {
      await second.close();
    }
  });

  it('is for the students of the course only', async () => {
    const stranger = await loginAs(t.db, (await createUser(t.db)).id);
    const res = await fetch(`${base}${LEARNING_EXTRA_CALLS.liveMessageStream.path.replace(':id', String(room))}`, {
      headers: { authorization: `Bearer ${stranger}` },
    });
    expect(res.status).toBe(403);
    expect((await fetch(`${base}${LEARNING_EXTRA_CALLS.liveMessageStream.path.replace(':id', String(room))}`)).status).toBe(401);
    expect(LEARNING_CALLS.sendLiveMsg.method).toBe('POST');
  });
});
