/**
 * The resources page (/course/resource): the class tree for its project filter and one page of the
 * section the URL names (free materials or e-books); beside it, the view count of an e-book the
 * visitor opens (ebook/addViewNum), shown on its card once the server answers.
 */
import { assign, fromPromise, setup } from 'xstate';
import { CATALOG_CALLS } from '../../domain/catalog/calls';
import type { ClassNode } from '../../domain/catalog/contract';
import type { EbookItem, EbookViewCount, ResourceItem } from '../../domain/catalog/resources';
import { resolveResourcePageParams, resourcePageQuery, sameResourcePageParams, type ResourcePageParams } from '../../domain/catalog/resourcesQuery';
import { LEARNING_CALLS } from '../../domain/learning/calls';
import type { Page } from '../../domain/shared/envelope';
import { FALLBACK_ERROR_TEXT } from '../../domain/shared/errors';
import { addEbookView } from '../../services/catalog/resource.api';
import { call } from '../../services/shared/http/client';

/** One page of the section shown. */
export type ResourceListing = { tab: 'file'; page: Page<ResourceItem> } | { tab: 'ebook'; page: Page<EbookItem> };

export interface ResourcesPageContext {
  /** The choice as the URL holds it. */
  params: ResourcePageParams;
  /** The choice shown: an unknown project as 全部. */
  shown: ResourcePageParams | null;
  tree: ClassNode[] | null;
  listing: ResourceListing | null;
  error: string | null;
  /** The e-book whose view is being counted. */
  countingEbookId: number | null;
}

export type ResourcesPageEvent = { type: 'PARAMS_CHANGED'; params: ResourcePageParams } | { type: 'RETRY' } | { type: 'EBOOK_OPENED'; ebookId: number };

interface LoadInput {
  params: ResourcePageParams;
  tree: ClassNode[] | null;
}

interface LoadOutput {
  tree: ClassNode[];
  shown: ResourcePageParams;
  listing: ResourceListing;
}

async function loadListing(params: ResourcePageParams): Promise<ResourceListing> {
  const query = resourcePageQuery(params);
  return params.tab === 'ebook'
    ? { tab: 'ebook', page: await call(LEARNING_CALLS.resourceInfoList, { body: query }) }
    : { tab: 'file', page: await call(LEARNING_CALLS.resourceFreePageList, { body: query }) };
}

/** Tree and page together; the page again only when the tree turns the URL's project into 全部. */
async function loadResources({ params, tree }: LoadInput): Promise<LoadOutput> {
  const [classTree, listing] = await Promise.all([tree ?? call(CATALOG_CALLS.classTreeList, { body: {} }), loadListing(params)]);
  const shown = resolveResourcePageParams(params, classTree);
  if (sameResourcePageParams(shown, params)) return { tree: classTree, shown, listing };
  return { tree: classTree, shown, listing: await loadListing(shown) };
}

/** The listing with one e-book's count replaced by the server's. */
function withViewCount(listing: ResourceListing | null, ebookId: number, viewCount: number): ResourceListing | null {
  if (listing?.tab !== 'ebook') return listing;
  const records = listing.page.records.map((ebook) => (ebook.id === ebookId ? { ...ebook, viewCount } : ebook));
  return { tab: 'ebook', page: { ...listing.page, records } };
}

export const resourcesPageMachine = setup({
  types: {
    context: {} as ResourcesPageContext,
    events: {} as ResourcesPageEvent,
    input: {} as { params: ResourcePageParams },
  },
  actors: {
    loadResources: fromPromise<LoadOutput, LoadInput>(({ input }) => loadResources(input)),
    countEbookView: fromPromise<EbookViewCount, { ebookId: number }>(({ input }) => addEbookView(input.ebookId)),
  },
  guards: {
    isNewChoice: ({ context, event }) => event.type === 'PARAMS_CHANGED' && !sameResourcePageParams(context.params, event.params),
    isEmpty: (_, params: { listing: ResourceListing }) => params.listing.page.records.length === 0,
  },
  actions: {
    keepParams: assign({ params: ({ context, event }) => (event.type === 'PARAMS_CHANGED' ? event.params : context.params) }),
    keepEbookId: assign({ countingEbookId: ({ event }) => (event.type === 'EBOOK_OPENED' ? event.ebookId : null) }),
    keepAnswer: assign((_, output: LoadOutput) => ({ tree: output.tree, shown: output.shown, listing: output.listing, error: null })),
  },
}).createMachine({
  id: 'resourcesPage',
  context: ({ input }) => ({ params: input.params, shown: null, tree: null, listing: null, error: null, countingEbookId: null }),
  type: 'parallel',
  states: {
    // Each region's transitions stay inside it: a transition on a region itself that re-enters
    // would exit the sibling region too (its domain is the parallel root).
    list: {
      initial: 'loading',
      states: {
        loading: {
          on: { PARAMS_CHANGED: { guard: 'isNewChoice', target: 'loading', reenter: true, actions: 'keepParams' } },
          invoke: {
            id: 'loadResources',
            src: 'loadResources',
            input: ({ context }) => ({ params: context.params, tree: context.tree }),
            onDone: [
              {
                guard: { type: 'isEmpty', params: ({ event }) => ({ listing: event.output.listing }) },
                target: 'empty',
                actions: { type: 'keepAnswer', params: ({ event }) => event.output },
              },
              { target: 'loaded', actions: { type: 'keepAnswer', params: ({ event }) => event.output } },
            ],
            onError: {
              target: 'failed',
              actions: assign({ error: ({ event }) => (event.error instanceof Error ? event.error.message : FALLBACK_ERROR_TEXT) }),
            },
          },
        },
        loaded: { on: { PARAMS_CHANGED: { guard: 'isNewChoice', target: 'loading', actions: 'keepParams' } } },
        empty: { on: { PARAMS_CHANGED: { guard: 'isNewChoice', target: 'loading', actions: 'keepParams' } } },
        failed: { on: { RETRY: 'loading', PARAMS_CHANGED: { guard: 'isNewChoice', target: 'loading', actions: 'keepParams' } } },
      },
    },
    // Reading goes on whatever the count does: the link opens the book, this only counts it.
    ebookView: {
      initial: 'idle',
      states: {
        idle: { on: { EBOOK_OPENED: { target: 'counting', actions: 'keepEbookId' } } },
        // Another book opened meanwhile: count that one (the earlier answer is dropped).
        counting: {
          on: { EBOOK_OPENED: { target: 'counting', reenter: true, actions: 'keepEbookId' } },
          invoke: {
            id: 'countEbookView',
            src: 'countEbookView',
            input: ({ context }) => ({ ebookId: context.countingEbookId ?? 0 }),
            onDone: {
              target: 'idle',
              actions: assign({
                listing: ({ context, event }) => withViewCount(context.listing, context.countingEbookId ?? 0, event.output.viewCount),
                countingEbookId: null,
              }),
            },
            onError: { target: 'idle', actions: assign({ countingEbookId: null }) },
          },
        },
      },
    },
  },
});
