/**
 * The course detail page's catalogue tree: the top level loads with the page, every node loads its
 * children and coursewares on its first expand (later expands only toggle), several nodes may load
 * at once, and a failed node keeps its retry while the rest of the tree works. The node flags and
 * their rules live in src/domain/catalog/catalogueTree.ts.
 */
import { assign, fromCallback, fromPromise, setup, spawnChild, stopChild, type SnapshotFrom } from 'xstate';
import {
  loaded,
  loadFailed,
  startLoading,
  toggleAction,
  toggleOpen,
  treeFromTop,
  type CatalogueTree,
  type NodeContent,
} from '../../domain/catalog/catalogueTree';
import { CATALOG_CALLS } from '../../domain/catalog/calls';
import type { CatalogueNode } from '../../domain/catalog/contract';
import { FALLBACK_ERROR_TEXT } from '../../domain/shared/errors';
import { SERVER_PAGE_KEYS } from '../../domain/shared/serverPage';
import { call } from '../../services/shared/http/client';
import { serverData } from '../../services/shared/serverData';
import { errorText } from '../shared/sessionEvents';

/** The detail page lists no papers: they are taken in the player once the course is owned. */
const HIDDEN_COURSEWARE_TYPES = ['PAPER'];

export interface CatalogueTreeContext {
  courseId: number;
  tree: CatalogueTree;
  error: string | null;
  /** The server rendered the top level with the page. */
  rendered: boolean;
}

export type CatalogueTreeEvent =
  | { type: 'TOGGLE'; nodeId: number }
  | { type: 'RETRY' }
  | { type: 'NODE_LOADED'; nodeId: number; content: NodeContent }
  | { type: 'NODE_FAILED'; nodeId: number; error: string };

interface NodeLoadInput {
  courseId: number;
  node: CatalogueNode;
}

const nodeActorId = (nodeId: number) => `node-${nodeId}`;

/** One node's content: its sub-nodes (if it has any) and its coursewares (if its subtree has any). */
async function loadNodeContent({ courseId, node }: NodeLoadInput, signal: AbortSignal): Promise<NodeContent> {
  const [children, coursewares] = await Promise.all([
    node.hasChildren ? call(CATALOG_CALLS.catalogueList, { params: { id: courseId }, body: { parentId: node.id }, silent: true, signal }) : Promise.resolve([]),
    node.coursewareCount > 0
      ? call(CATALOG_CALLS.coursewaresList, { body: { catalogueId: node.id, ignoreType: HIDDEN_COURSEWARE_TYPES }, silent: true, signal })
      : Promise.resolve([]),
  ]);
  return { children, coursewares };
}

export const catalogueTreeMachine = setup({
  types: {
    input: {} as { courseId: number },
    context: {} as CatalogueTreeContext,
    events: {} as CatalogueTreeEvent,
  },
  actors: {
    loadTop: fromPromise<CatalogueNode[], { courseId: number }>(({ input, signal }) =>
      call(CATALOG_CALLS.catalogueList, { params: { id: input.courseId }, body: { parentId: 0 }, silent: true, signal }),
    ),
    // A callback, not a promise: spawned per node, it reports back with the node's id, and is stopped (its request aborted) when the page goes.
    loadNode: fromCallback<CatalogueTreeEvent, NodeLoadInput>(({ input, sendBack }) => {
      const controller = new AbortController();
      loadNodeContent(input, controller.signal).then(
        (content) => sendBack({ type: 'NODE_LOADED', nodeId: input.node.id, content }),
        (error: unknown) => {
          if (!controller.signal.aborted) sendBack({ type: 'NODE_FAILED', nodeId: input.node.id, error: errorText(error, FALLBACK_ERROR_TEXT) });
        },
      );
      return () => controller.abort();
    }),
  },
  guards: {
    isRendered: ({ context }) => context.rendered,
    isRenderedEmpty: ({ context }) => context.rendered && context.tree.rootIds.length === 0,
    isEmpty: (_, params: { top: CatalogueNode[] }) => params.top.length === 0,
    mustLoad: ({ context }, params: { nodeId: number }) => toggleAction(context.tree, params.nodeId) === 'load',
    mayToggle: ({ context }, params: { nodeId: number }) => toggleAction(context.tree, params.nodeId) === 'toggle',
  },
}).createMachine({
  id: 'catalogueTree',
  // A course page the server rendered starts with the chapters it rendered (src/services/shared/serverData.ts).
  context: ({ input }) => {
    const top = serverData<CatalogueNode[]>(SERVER_PAGE_KEYS.catalogue(input.courseId))?.data;
    return { courseId: input.courseId, tree: top ? treeFromTop(top) : { rootIds: [], nodes: {} }, error: null, rendered: top !== undefined };
  },
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'isRenderedEmpty', target: 'empty' }, { guard: 'isRendered', target: 'ready' }, { target: 'loading' }],
    },
    loading: {
      invoke: {
        id: 'loadTop',
        src: 'loadTop',
        input: ({ context }) => ({ courseId: context.courseId }),
        onDone: [
          { guard: { type: 'isEmpty', params: ({ event }) => ({ top: event.output }) }, target: 'empty' },
          { target: 'ready', actions: assign({ tree: ({ event }) => treeFromTop(event.output), error: null }) },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorText(event.error, FALLBACK_ERROR_TEXT) }) },
      },
    },
    empty: {},
    failed: { on: { RETRY: 'loading' } },
    ready: {
      on: {
        TOGGLE: [
          {
            guard: { type: 'mustLoad', params: ({ event }) => ({ nodeId: event.nodeId }) },
            actions: [
              assign({ tree: ({ context, event }) => startLoading(context.tree, event.nodeId) }),
              spawnChild('loadNode', {
                id: ({ event }) => nodeActorId((event as { nodeId: number }).nodeId),
                input: ({ context, event }) => ({ courseId: context.courseId, node: context.tree.nodes[(event as { nodeId: number }).nodeId]!.node }),
              }),
            ],
          },
          {
            guard: { type: 'mayToggle', params: ({ event }) => ({ nodeId: event.nodeId }) },
            actions: assign({ tree: ({ context, event }) => toggleOpen(context.tree, event.nodeId) }),
          },
        ],
        NODE_LOADED: {
          actions: [
            assign({ tree: ({ context, event }) => loaded(context.tree, event.nodeId, event.content) }),
            stopChild(({ event }) => nodeActorId(event.nodeId)),
          ],
        },
        NODE_FAILED: {
          actions: [
            assign({ tree: ({ context, event }) => loadFailed(context.tree, event.nodeId, event.error) }),
            stopChild(({ event }) => nodeActorId(event.nodeId)),
          ],
        },
      },
    },
  },
});

export type CatalogueTreeSnapshot = SnapshotFrom<typeof catalogueTreeMachine>;
