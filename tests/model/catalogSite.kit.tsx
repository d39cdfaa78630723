/**
 * Shared by the model tests of the site, catalog and customer-service machines: msw handlers that
 * hold every request until a path step answers it (`heldCalls`), and a view rendered as the app
 * renders it (memory router, a real session, Fluent's provider).
 */
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { expect } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppProvider } from '../../src/app/AppContext';
import { createAuthSession } from '../../src/app/authSession';
import { eventually } from '../support/loginKit';
import { ok } from '../support/msw';
import type { ClassNode, CourseListItem } from '../../src/domain/catalog/contract';

interface HeldRequest<Call extends string> {
  call: Call;
  request: Request;
  open: (response: Response) => void;
}

/** Requests held per call name until `answer` opens them (the call's reply may depend on the request). */
export function heldCalls<Call extends string>() {
  let held: HeldRequest<Call>[] = [];
  const seen = new Map<Call, number>();
  const count = (call: Call) => held.filter((h) => h.call === call).length;
  return {
    /** The msw resolver that holds a request of `call`. */
    hold(call: Call) {
      return ({ request }: { request: Request }) =>
        new Promise<Response>((open) => {
          seen.set(call, (seen.get(call) ?? 0) + 1);
          held.push({ call, request, open });
        });
    },
    count,
    /** How many requests of `call` were ever held (answered ones too). */
    seen: (call: Call) => seen.get(call) ?? 0,
    /** Waits for at least `atLeast` requests of `call`, then answers each of them with `reply(request)`. */
    async answer(call: Call, reply: (request: Request) => Response | Promise<Response>, atLeast = 1): Promise<void> {
      await eventually(() => expect(count(call)).toBeGreaterThanOrEqual(atLeast));
      const mine = held.filter((h) => h.call === call);
      held = held.filter((h) => h.call !== call);
      const responses = await Promise.all(mine.map(async (h) => reply(h.request.clone())));
      await act(async () => {
        mine.forEach((h, i) => h.open(responses[i]!));
      });
    },
    /** Calls still held get an empty answer, so nothing waits into another test. */
    release(): void {
      for (const h of held) h.open(ok(null));
      held = [];
    },
  };
}

/** `view` at `path` in a memory router with a real session (read from storage), as the app's layout holds it. */
export function renderRouted(path: string, view: ReactNode) {
  const [pathname, search = ''] = path.split('?');
  const location = memoryLocation({ path: pathname!, searchPath: search, record: true });
  const session = createAuthSession();
  const utils = render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <AppProvider session={session}>
        <FluentProvider theme={webLightTheme}>{view}</FluentProvider>
      </AppProvider>
    </Router>,
  );
  return { location, session, ...utils };
}

/** One category with one project (一级建造师, id 11): the home page's and the lists' class tree. */
export const HOME_TREE: ClassNode[] = [
  { id: 1, pId: 0, name: '建筑工程', code: 'jzgc', level: 1, children: [{ id: 11, pId: 1, name: '一级建造师', code: 'yjjz', level: 2 }] },
];

/** A listed course of that project: 课程 {id}, a SYS course at ¥680 or a FREE one. */
export const listCourse = (id: number, kind: 'PRO' | 'FREE'): CourseListItem => ({
  id,
  type: kind === 'PRO' ? 'SYS' : 'FREE',
  title: `课程 ${id}`,
  subtitle: null,
  cover: `/new/demo/covers/${id}.svg`,
  priceCents: kind === 'PRO' ? 68000 : 0,
  originalPriceCents: null,
  salesCount: 10,
  lessonCount: 3,
  projectId: 11,
  projectName: '一级建造师',
  teachers: [],
});
