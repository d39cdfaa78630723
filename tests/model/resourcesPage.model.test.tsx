/**
 * 资料下载, model-based: paths from the real resourcesPage machine drive the real /course/resource
 * view. The class tree, the section's page and an e-book's view count wait on gates a path step
 * answers (resources, none, a failure with 重新加载); another section is the URL changing, as its
 * link or back/forward changes it; 在线阅读 counts the book's view, a second click meanwhile counts
 * again.
 */
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect } from 'vitest';
import { API_CALLS } from '../../src/domain/calls';
import type { ClassNode } from '../../src/domain/catalog/contract';
import { RESOURCES_TEXTS as TEXTS } from '../../src/domain/catalog/courseList.texts';
import type { EbookItem, ResourceItem } from '../../src/domain/catalog/resources';
import { resourcePageHref, type ResourcePageParams } from '../../src/domain/catalog/resourcesQuery';
import { LEARNING_CALLS } from '../../src/domain/learning/calls';
import type { Page } from '../../src/domain/shared/envelope';
import { resourcesPageMachine, type ResourceListing } from '../../src/machines/catalog/resourcesPage.machine';
import { dismissAllToasts } from '../../src/services/shared/toast';
import ResourcesView from '../../src/views/catalog/ResourcesView';
import { eventually } from '../support/loginKit';
import { answer, fail, ok } from '../support/msw';
import { heldCalls, renderRouted } from './catalogSite.kit';
import { describeModel } from './harness';

const TREE: ClassNode[] = [
  { id: 1, pId: 0, name: '建筑工程', code: 'jzgc', level: 1, children: [{ id: 11, pId: 1, name: '一级建造师', code: 'yjjz', level: 2 }] },
];
const resource = (id: number): ResourceItem => ({
  id,
  title: `资料 ${id}.pdf`,
  fileType: 'pdf',
  size: 2_048_000,
  project: { id: 11, name: '一级建造师' },
  subject: null,
  downloadCount: 100 + id,
  createdAt: '2026-10-01T08:00:00.000Z',
});
const ebook = (id: number): EbookItem => ({
  id,
  title: `电子书 ${id}`,
  author: '王建国',
  cover: `/new/demo/ebooks/${id}.svg`,
  intro: '速查手册。',
  pageCount: 120,
  viewCount: 50,
  project: { id: 11, name: '一级建造师' },
  subject: null,
  readUrl: `/static/ebooks/${id}.pdf`,
});
const page = <T,>(records: T[]): Page<T> => ({ records, total: records.length, current: 1, size: 10 });
const FILES = page([resource(1), resource(2)]);
const EBOOKS = page([ebook(1), ebook(2)]);
const FILE: ResourcePageParams = { tab: 'file', projectId: null, page: 1 };
const EBOOK: ResourcePageParams = { tab: 'ebook', projectId: null, page: 1 };
const FAILURE = '服务器错误(500)';

type Call = 'tree' | 'list' | 'count';
const calls = heldCalls<Call>();
const server = setupServer(
  answer(API_CALLS.classTreeList, calls.hold('tree')),
  answer(LEARNING_CALLS.resourceFreePageList, calls.hold('list')),
  answer(LEARNING_CALLS.resourceInfoList, calls.hold('list')),
  answer(LEARNING_CALLS.ebookAddViewNum, calls.hold('count')),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

let location: ReturnType<typeof renderRouted>['location'];
/** List requests held when the current load began (a new load asks again). */
let listAsked = 0;

const listing = (params: ResourcePageParams, empty: boolean): ResourceListing =>
  params.tab === 'file' ? { tab: 'file', page: empty ? page<ResourceItem>([]) : FILES } : { tab: 'ebook', page: empty ? page<EbookItem>([]) : EBOOKS };

/** Answers the load: the tree when it is asked for, then every page held (an abandoned load's too), as `empty` or a failure says. */
async function respondLoad(outcome: 'full' | 'empty' | 'fail'): Promise<void> {
  await eventually(() => expect(calls.seen('list')).toBeGreaterThan(listAsked));
  if (calls.count('tree') > 0) await calls.answer('tree', () => ok(TREE));
  await calls.answer('list', (request) => {
    if (outcome === 'fail') return fail(FAILURE, 500);
    const ebooks = request.url.includes('getInfoList');
    if (outcome === 'empty') return ok(page([]));
    return ebooks ? ok(EBOOKS) : ok(FILES);
  });
}

type Snap = ReturnType<typeof resourcesPageMachine.getInitialSnapshot>;
const inList = (s: Snap, value: string) => s.matches({ list: value } as never);
const sectionLink = (tab: 'file' | 'ebook') => within(screen.getByRole('navigation', { name: TEXTS.sections })).getByRole('link', { name: TEXTS.tab[tab] });
const readLink = () => screen.getByRole('link', { name: TEXTS.readOf(EBOOKS.records[0]!.title) });
const firstViews = () => screen.getAllByTestId('ebook-views')[0]!.textContent;

describeModel('resourcesPage on /course/resource', {
  machine: resourcesPageMachine,
  input: { params: FILE },
  start: '以游客身份打开 /course/resource（资料下载，“免费资料”标签）',
  events: (s: Snap) => {
    const counting = s.matches({ ebookView: 'counting' } as never);
    const readable = inList(s, 'loaded') && s.context.listing?.tab === 'ebook';
    // While a view is being counted, the count's answer or another click: the rest was covered with none pending.
    if (counting)
      return [
        { type: 'EBOOK_OPENED', ebookId: 1 },
        { type: 'xstate.done.actor.countEbookView', output: { viewCount: 51, counted: true } },
        { type: 'xstate.error.actor.countEbookView', error: new Error(FAILURE) },
      ] as never[];
    return [
      { type: 'PARAMS_CHANGED', params: FILE },
      { type: 'PARAMS_CHANGED', params: EBOOK },
      { type: 'RETRY' },
      { type: 'xstate.done.actor.loadResources', output: { tree: TREE, shown: s.context.params, listing: listing(s.context.params, false) } },
      { type: 'xstate.done.actor.loadResources', output: { tree: TREE, shown: s.context.params, listing: listing(s.context.params, true) } },
      { type: 'xstate.error.actor.loadResources', error: new Error(FAILURE) },
      ...(readable ? [{ type: 'EBOOK_OPENED', ebookId: 1 }] : []),
    ] as never[];
  },
  serializeState: (s: Snap) => JSON.stringify([s.value, s.context.params.tab, s.context.tree !== null]),
  states: {
    'list.loading': async (s: Snap) => {
      await eventually(() => expect(calls.seen('list')).toBeGreaterThan(listAsked));
      expect(screen.getByTestId('resources-skeleton').getAttribute('aria-label')).toBe(TEXTS.loading);
      expect(sectionLink(s.context.params.tab).getAttribute('aria-current')).toBe('page');
      // The project filter once the tree is known, its skeleton before.
      expect(screen.queryByRole('group', { name: TEXTS.project }) !== null).toBe(s.context.tree !== null);
      expect(screen.queryAllByTestId('resource-row')).toHaveLength(0);
      expect(screen.queryAllByTestId('ebook-card')).toHaveLength(0);
    },
    'list.loaded': async (s: Snap) => {
      const ebooks = s.context.params.tab === 'ebook';
      await eventually(() => expect(screen.queryAllByTestId(ebooks ? 'ebook-card' : 'resource-row')).toHaveLength(2));
      expect(screen.queryAllByTestId(ebooks ? 'resource-row' : 'ebook-card')).toHaveLength(0);
      expect(sectionLink(s.context.params.tab).getAttribute('aria-current')).toBe('page');
      expect(
        within(screen.getByRole('group', { name: TEXTS.project }))
          .getAllByRole('link')
          .map((a) => a.textContent),
      ).toEqual(['全部', '一级建造师']);
      expect(screen.queryByTestId('resources-skeleton')).toBeNull();
    },
    'list.empty': async (s: Snap) => {
      const message = s.context.params.tab === 'ebook' ? TEXTS.emptyEbooks : TEXTS.emptyFiles;
      await eventually(() => expect(screen.getByTestId('empty-state').textContent).toBe(message));
      expect(sectionLink(s.context.params.tab).getAttribute('aria-current')).toBe('page');
      expect(screen.queryByTestId('resources-skeleton')).toBeNull();
    },
    'list.failed': async (s: Snap) => {
      await eventually(() => expect(screen.getByTestId('error-state').textContent).toContain(FAILURE));
      expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy();
      expect(screen.queryByRole('group', { name: TEXTS.project }) !== null).toBe(s.context.tree !== null);
      expect(screen.queryByTestId('resources-skeleton')).toBeNull();
    },
    'ebookView.idle': async (s: Snap) => {
      await eventually(() => expect(calls.count('count')).toBe(0));
      // A counted view is shown on its card; a failed count leaves the card as it was.
      const counted = s.context.listing?.tab === 'ebook' ? s.context.listing.page.records[0]?.viewCount : undefined;
      if (inList(s, 'loaded') && counted !== undefined) await eventually(() => expect(firstViews()).toBe(TEXTS.views(counted)));
    },
    'ebookView.counting': async (s: Snap) => {
      await eventually(() => expect(calls.count('count')).toBeGreaterThan(0));
      // Reading goes on: the card still shows the count it had while the server counts.
      const shown = s.context.listing?.tab === 'ebook' ? s.context.listing.page.records[0]!.viewCount : -1;
      expect(firstViews()).toBe(TEXTS.views(shown));
    },
  },
  exec: {
    PARAMS_CHANGED: async (e: { params: ResourcePageParams }) => {
      listAsked = calls.seen('list');
      await act(async () => void location.navigate(resourcePageHref(e.params)));
    },
    RETRY: async () => {
      listAsked = calls.seen('list');
      await act(async () => void fireEvent.click(screen.getByRole('button', { name: '重新加载' })));
    },
    'xstate.done.actor.loadResources': async (e: { output: { listing: ResourceListing } }) =>
      respondLoad(e.output.listing.page.records.length === 0 ? 'empty' : 'full'),
    'xstate.error.actor.loadResources': async () => respondLoad('fail'),
    EBOOK_OPENED: async () => act(async () => void fireEvent.click(readLink())),
    'xstate.done.actor.countEbookView': async () => calls.answer('count', () => ok({ viewCount: 51, counted: true })),
    'xstate.error.actor.countEbookView': async () => calls.answer('count', () => fail(FAILURE, 500)),
  } as never,
  setup: async () => {
    listAsked = 0;
    ({ location } = renderRouted('/course/resource', <ResourcesView />));
    return () => {
      calls.release();
      cleanup();
      dismissAllToasts();
    };
  },
  coverage: 'transitions',
});
