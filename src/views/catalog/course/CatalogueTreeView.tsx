import { Link } from 'wouter';
import { useFlow } from '../../../app/AppContext';
import type { CatalogueTree } from '../../../domain/catalog/catalogueTree';
import type { CoursewareItem } from '../../../domain/catalog/contract';
import { COURSE_DETAIL_TEXTS as T } from '../../../domain/catalog/courseDetail.texts';
import { formatDuration } from '../../../domain/shared/format';
import { catalogueTreeMachine, type CatalogueTreeEvent } from '../../../machines/catalog/catalogueTree.machine';
import { paths } from '../../../paths';
import { EmptyState, ErrorState, Spinner } from '../../shared/LoadState';

const COURSEWARE_TYPE_LABELS: Record<string, string> = { VIDEO: '视频', AUDIO: '音频', EBOOK: '讲义', PAPER: '试卷', LIVE: '直播' };

function CoursewareRow({ courseId, ware }: { courseId: number; ware: CoursewareItem }) {
  return (
    <li className="xt-catalogue__ware" data-testid="courseware">
      <span className="xt-catalogue__ware-type">{COURSEWARE_TYPE_LABELS[ware.type] ?? ware.type}</span>
      <span className="xt-catalogue__ware-name">{ware.coursewareName}</span>
      {ware.duration > 0 && <span className="xt-catalogue__meta">{formatDuration(ware.duration)}</span>}
      {ware.freeAudition && (
        <Link href={paths.coursePreview(courseId)} className="xt-catalogue__audition">
          {T.auditionTag}
        </Link>
      )}
    </li>
  );
}

function NodeItem({ tree, nodeId, courseId, send }: { tree: CatalogueTree; nodeId: number; courseId: number; send: (event: CatalogueTreeEvent) => void }) {
  const state = tree.nodes[nodeId];
  if (!state) return null;
  const { node } = state;
  const bodyId = `catalogue-node-${node.id}`;
  const loadedEmpty = !state.isFirstExpand && state.childIds.length === 0 && state.coursewares.length === 0;
  return (
    <li className="xt-catalogue__node" data-testid="catalogue-node">
      <button
        type="button"
        className="xt-catalogue__toggle"
        aria-expanded={state.expand}
        aria-controls={bodyId}
        onClick={() => send({ type: 'TOGGLE', nodeId })}
      >
        <span className="xt-catalogue__chevron" aria-hidden>
          {state.expand ? '▾' : '▸'}
        </span>
        <span className="xt-catalogue__name">{node.name}</span>
        <span className="xt-catalogue__meta">
          {node.coursewareCount}讲{node.duration > 0 ? ` · ${formatDuration(node.duration)}` : ''}
        </span>
      </button>
      <div id={bodyId} hidden={!state.expand} className="xt-catalogue__body">
        {state.loading && <Spinner label={T.nodeLoading} />}
        {state.error && (
          <div className="xt-catalogue__failed" role="alert">
            <span>
              {T.nodeFailed}：{state.error}
            </span>
            <button type="button" className="xt-btn" onClick={() => send({ type: 'TOGGLE', nodeId })}>
              {T.nodeRetry}
            </button>
          </div>
        )}
        {loadedEmpty && <p className="xt-catalogue__meta">{T.nodeEmpty}</p>}
        {state.coursewares.length > 0 && (
          <ul className="xt-catalogue__wares">
            {state.coursewares.map((ware) => (
              <CoursewareRow key={ware.coursewareId} courseId={courseId} ware={ware} />
            ))}
          </ul>
        )}
        {state.childIds.length > 0 && (
          <ul className="xt-catalogue__level">
            {state.childIds.map((childId) => (
              <NodeItem key={childId} tree={tree} nodeId={childId} courseId={courseId} send={send} />
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}

/** The course's catalogue (章 → 节 → 课件), each node loading its content on its first expand. */
export function CatalogueTreeView({ courseId }: { courseId: number }) {
  const [state, send] = useFlow(catalogueTreeMachine, { input: { courseId } });
  if (state.matches('loading')) return <Spinner label={T.nodeLoading} />;
  if (state.matches('failed')) return <ErrorState message={state.context.error ?? ''} onRetry={() => send({ type: 'RETRY' })} />;
  if (state.matches('empty')) return <EmptyState message={T.catalogueEmpty} />;
  const { tree } = state.context;
  return (
    <ul className="xt-catalogue">
      {tree.rootIds.map((nodeId) => (
        <NodeItem key={nodeId} tree={tree} nodeId={nodeId} courseId={courseId} send={send} />
      ))}
    </ul>
  );
}
