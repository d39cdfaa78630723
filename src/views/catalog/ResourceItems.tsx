import { Link } from 'wouter';
import { RESOURCES_TEXTS as TEXTS } from '../../domain/catalog/courseList.texts';
import { RESOURCE_FILE_TYPE_LABELS, formatFileSize, type EbookItem, type ResourceFileType, type ResourceItem } from '../../domain/catalog/resources';
import { CATALOG_TEXTS } from '../../domain/catalog/texts';
import { formatDate } from '../../domain/shared/format';
import type { DownloadFailure } from '../../machines/catalog/resourcesDownload.machine';
import { paths } from '../../paths';

/** Covers are 16:9 (480×270) like the courses'; the box keeps that ratio before the image arrives. */
const COVER_SIZE = { width: 480, height: 270 } as const;

const fileTypeLabel = (fileType: string): string => RESOURCE_FILE_TYPE_LABELS[fileType as ResourceFileType] ?? fileType.toUpperCase();

/** Why a download did not start, beside the resource: a paid one says who may have it and where its courses are. */
function DownloadFailureNote({ failure, projectId }: { failure: DownloadFailure; projectId: number }) {
  return (
    <p className="xt-resource__failure" role="alert">
      {failure.reason === 'forbidden' ? CATALOG_TEXTS.resourceNotFree : failure.message}
      {failure.reason === 'forbidden' && (
        <>
          {' '}
          <Link href={paths.proCourses({ projectId })} className="xt-resource__failure-link">
            {TEXTS.buyCourses}
          </Link>
        </>
      )}
    </p>
  );
}

/** One downloadable resource: its file type, title, where it belongs, size and downloads, and 下载. */
export function ResourceRow({
  resource,
  busy,
  fetching,
  failure,
  onDownload,
}: {
  resource: ResourceItem;
  /** Another link is being fetched: wait. */
  busy: boolean;
  /** This resource's link is being fetched. */
  fetching: boolean;
  failure: DownloadFailure | null;
  onDownload: () => void;
}) {
  const titleId = `resource-title-${resource.id}`;
  const buttonId = `resource-download-${resource.id}`;
  return (
    <li className="xt-resource" data-testid="resource-row">
      <span className={`xt-resource__type xt-resource__type--${resource.fileType}`} aria-hidden>
        {fileTypeLabel(resource.fileType)}
      </span>
      <div className="xt-resource__main">
        <h3 id={titleId} className="xt-resource__title">
          {resource.title}
        </h3>
        <p className="xt-resource__meta">
          <span>{resource.subject ? `${resource.project.name} · ${resource.subject.name}` : resource.project.name}</span>
          <span>{formatFileSize(resource.size)}</span>
          <span>{TEXTS.downloads(resource.downloadCount)}</span>
          <span>{formatDate(new Date(resource.createdAt))}</span>
        </p>
        {failure && <DownloadFailureNote failure={failure} projectId={resource.project.id} />}
      </div>
      <button
        id={buttonId}
        type="button"
        className="xt-btn xt-btn--primary xt-resource__download"
        aria-labelledby={`${buttonId} ${titleId}`}
        disabled={busy || fetching}
        onClick={onDownload}
      >
        {fetching ? TEXTS.downloading : TEXTS.download}
      </button>
    </li>
  );
}

/** One e-book: cover, author, pages, views, and 在线阅读 opening it in a new tab (the view counts it). */
export function EbookCard({ ebook, onOpen }: { ebook: EbookItem; onOpen: () => void }) {
  return (
    <li className="xt-ebook" data-testid="ebook-card">
      <img className="xt-ebook__cover" src={ebook.cover} alt="" loading="lazy" width={COVER_SIZE.width} height={COVER_SIZE.height} />
      <div className="xt-ebook__body">
        <h3 className="xt-ebook__title">{ebook.title}</h3>
        <p className="xt-ebook__meta">
          <span>{TEXTS.author(ebook.author)}</span>
          <span>{TEXTS.pages(ebook.pageCount)}</span>
          <span data-testid="ebook-views">{TEXTS.views(ebook.viewCount)}</span>
        </p>
        <p className="xt-ebook__intro">{ebook.intro}</p>
        {/* A plain link: the book is a PDF outside the app, opened by the browser itself, even from a middle click. */}
        <a
          href={ebook.readUrl}
          target="_blank"
          rel="noopener"
          className="xt-btn xt-ebook__read"
          aria-label={TEXTS.readOf(ebook.title)}
          onClick={onOpen}
          onAuxClick={onOpen}
        >
          {TEXTS.read}
        </a>
      </div>
    </li>
  );
}

/** The rows' place while a page of resources loads: the same rows, so nothing below moves. */
export function ResourceListSkeleton({ rows }: { rows: number }) {
  return (
    <ul className="xt-resource-list" aria-hidden>
      {Array.from({ length: rows }, (_, i) => (
        <li key={i} className="xt-resource xt-resource--skeleton">
          <span className="xt-resource__type" />
          <div className="xt-resource__main">
            <span className="xt-skeleton-line" />
            <span className="xt-skeleton-line xt-skeleton-line--short" />
          </div>
        </li>
      ))}
    </ul>
  );
}

export function EbookGridSkeleton({ count }: { count: number }) {
  return (
    <ul className="xt-ebook-grid" aria-hidden>
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="xt-ebook xt-ebook--skeleton">
          <div className="xt-ebook__cover" />
          <div className="xt-ebook__body">
            <span className="xt-skeleton-line" />
            <span className="xt-skeleton-line xt-skeleton-line--short" />
          </div>
        </li>
      ))}
    </ul>
  );
}
