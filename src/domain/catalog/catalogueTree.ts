/**
 * The detail page's catalogue tree on the client: nodes arrive one level at a time (catalogueList
 * with parentId), and each node keeps the flags of product-spec §3 — `expand` (shown open),
 * `isFirstExpand` (true until its first expand has loaded its children and coursewares: only that
 * expand asks the server, later ones just toggle) and `loading` — plus the message of a failed load,
 * which the page shows on that node with a retry. Pure functions: the statechart keeps the state.
 */
import type { CatalogueNode, CoursewareItem } from './contract';

export interface TreeNodeState {
  node: CatalogueNode;
  expand: boolean;
  isFirstExpand: boolean;
  loading: boolean;
  /** The last load's error message; null when none failed. */
  error: string | null;
  childIds: number[];
  coursewares: CoursewareItem[];
}

export interface CatalogueTree {
  rootIds: number[];
  nodes: Record<number, TreeNodeState>;
}

/** What one node's first expand loads: its sub-nodes and the coursewares hanging on it. */
export interface NodeContent {
  children: CatalogueNode[];
  coursewares: CoursewareItem[];
}

const fresh = (node: CatalogueNode): TreeNodeState => ({
  node,
  expand: false,
  isFirstExpand: true,
  loading: false,
  error: null,
  childIds: [],
  coursewares: [],
});

export function treeFromTop(top: readonly CatalogueNode[]): CatalogueTree {
  return { rootIds: top.map((node) => node.id), nodes: Object.fromEntries(top.map((node) => [node.id, fresh(node)])) };
}

/** What a click on a node does: load it (first expand, or a retry after a failure), open/close it, or nothing (unknown, or loading). */
export function toggleAction(tree: CatalogueTree, nodeId: number): 'load' | 'toggle' | 'none' {
  const state = tree.nodes[nodeId];
  if (!state || state.loading) return 'none';
  return state.isFirstExpand ? 'load' : 'toggle';
}

function update(tree: CatalogueTree, nodeId: number, change: (state: TreeNodeState) => TreeNodeState): CatalogueTree {
  const state = tree.nodes[nodeId];
  return state ? { ...tree, nodes: { ...tree.nodes, [nodeId]: change(state) } } : tree;
}

export function startLoading(tree: CatalogueTree, nodeId: number): CatalogueTree {
  return update(tree, nodeId, (state) => ({ ...state, expand: true, loading: true, error: null }));
}

export function toggleOpen(tree: CatalogueTree, nodeId: number): CatalogueTree {
  return update(tree, nodeId, (state) => ({ ...state, expand: !state.expand }));
}

export function loaded(tree: CatalogueTree, nodeId: number, content: NodeContent): CatalogueTree {
  const withNode = update(tree, nodeId, (state) => ({
    ...state,
    loading: false,
    isFirstExpand: false,
    error: null,
    childIds: content.children.map((child) => child.id),
    coursewares: content.coursewares,
  }));
  const nodes = { ...withNode.nodes };
  for (const child of content.children) nodes[child.id] ??= fresh(child);
  return { ...withNode, nodes };
}

/** The node stays open showing the error and its retry; the next click loads again (isFirstExpand stays true). */
export function loadFailed(tree: CatalogueTree, nodeId: number, error: string): CatalogueTree {
  return update(tree, nodeId, (state) => ({ ...state, loading: false, error }));
}
