import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { useFlow, useHasLiveSession, useLoginModal } from '../../app/AppContext';
import { RESOURCES_TEXTS as TEXTS } from '../../domain/catalog/courseList.texts';
import { totalPages } from '../../domain/catalog/listQuery';
import type { FileDownloadInfo } from '../../domain/catalog/resources';
import { RESOURCE_PAGE_DEFAULT_SIZE } from '../../domain/catalog/resources';
import {
  projectFilterOptions,
  readResourcePageParams,
  resolveResourcePageParams,
  resourcePageHref,
  RESOURCE_TABS,
  type ResourcePageParams,
} from '../../domain/catalog/resourcesQuery';
import { resourcesDownloadMachine, type ResourcesDownloadEmitted } from '../../machines/catalog/resourcesDownload.machine';
import { resourcesPageMachine, type ResourceListing } from '../../machines/catalog/resourcesPage.machine';
import { EmptyState, ErrorState } from '../shared/LoadState';
import { useEmitted } from '../shared/useEmitted';
import { usePageTitle } from '../shared/usePageTitle';
import { FilterRow, FilterRowSkeleton } from './FilterRow';
import { Pager } from './Pager';
import { EbookCard, EbookGridSkeleton, ResourceListSkeleton, ResourceRow } from './ResourceItems';
import './catalog.css';

/** Hands a signed link to the browser as a download: the server answers it as an attachment, so the page stays. */
function startDownload(info: FileDownloadInfo): void {
  const link = document.createElement('a');
  link.href = info.url;
  link.download = info.fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

function SectionLinks({ choice }: { choice: ResourcePageParams }) {
  return (
    <nav aria-label={TEXTS.sections}>
      <ul className="xt-resources__sections">
        {RESOURCE_TABS.map((tab) => (
          <li key={tab}>
            <Link href={resourcePageHref({ ...choice, tab, page: 1 })} className="xt-resources__section" aria-current={tab === choice.tab ? 'page' : undefined}>
              {TEXTS.tab[tab]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Nothing on this page: past the end (back to page 1), a project without any (all projects), or none at all. */
function NothingHere({ shown, listing }: { shown: ResourcePageParams; listing: ResourceListing | null }) {
  const message = shown.tab === 'ebook' ? TEXTS.emptyEbooks : TEXTS.emptyFiles;
  if (shown.page > 1 && listing && listing.page.total > 0) {
    const action = (
      <Link href={resourcePageHref({ ...shown, page: 1 })} className="xt-btn xt-btn--primary">
        {TEXTS.firstPage}
      </Link>
    );
    return <EmptyState message={TEXTS.pageEmpty} action={action} />;
  }
  if (shown.projectId !== null) {
    const action = (
      <Link href={resourcePageHref({ ...shown, projectId: null, page: 1 })} className="xt-btn xt-btn--primary">
        {TEXTS.showAll}
      </Link>
    );
    return <EmptyState message={message} action={action} />;
  }
  return <EmptyState message={message} />;
}

/** The free materials with 下载: a visitor logs in through the modal first, then the download goes on. */
function FileList({ listing }: { listing: Extract<ResourceListing, { tab: 'file' }> }) {
  const [download, sendDownload, downloadActor] = useFlow(resourcesDownloadMachine);
  const [started, setStarted] = useState('');
  const loggedIn = useHasLiveSession();
  const loginModal = useLoginModal();
  useEmitted<ResourcesDownloadEmitted>(downloadActor, 'linkReady', (event) => {
    startDownload(event.info);
    setStarted(TEXTS.downloadStarted(event.info.fileName));
  });
  const fetchingId = download.matches('fetchingLink') ? download.context.resourceId : null;
  const failure = download.context.failure;
  const onDownload = async (resourceId: number) => {
    setStarted('');
    if (!loggedIn && !(await loginModal.open())) return;
    sendDownload({ type: 'DOWNLOAD', resourceId });
  };
  return (
    <>
      {!loggedIn && <p className="xt-resources__hint">{TEXTS.loginHint}</p>}
      <ul className="xt-resource-list">
        {listing.page.records.map((resource) => (
          <ResourceRow
            key={resource.id}
            resource={resource}
            busy={fetchingId !== null}
            fetching={fetchingId === resource.id}
            failure={failure?.resourceId === resource.id ? failure : null}
            onDownload={() => void onDownload(resource.id)}
          />
        ))}
      </ul>
      <p className="xt-resources__status" role="status">
        {started}
      </p>
    </>
  );
}

/** /course/resource: free materials to download and e-books to read, switched by a link (?tab=ebook), filtered by project. */
export default function ResourcesView() {
  usePageTitle(TEXTS.title);
  const search = useSearch();
  const params = useMemo(() => readResourcePageParams(search), [search]);
  const [state, send] = useFlow(resourcesPageMachine, { input: { params } });
  useEffect(() => send({ type: 'PARAMS_CHANGED', params }), [params, send]);
  // A followed page link leaves the pager while the page loads: focus (and the view) go to the filters above the list.
  const top = useRef<HTMLDivElement>(null);
  const { tree, listing, error } = state.context;
  const choice = tree ? resolveResourcePageParams(params, tree) : params;
  const list = (value: 'loading' | 'loaded' | 'empty' | 'failed') => state.matches({ list: value });
  // A listing of the other section (still on screen while the new one loads) is never drawn as this one.
  const shownListing = list('loaded') && listing?.tab === choice.tab ? listing : null;

  return (
    <div className="xt-resources">
      <header className="xt-resources__head">
        <h1 className="xt-resources__title">{TEXTS.title}</h1>
        <p className="xt-resources__lead">{TEXTS.lead}</p>
      </header>
      <SectionLinks choice={choice} />
      <div className="xt-filters" ref={top} tabIndex={-1}>
        {tree ? (
          <FilterRow
            id="resource-filter-project"
            label={TEXTS.project}
            options={projectFilterOptions(tree, TEXTS.all)}
            selected={choice.projectId}
            hrefOf={(projectId) => resourcePageHref({ ...choice, projectId, page: 1 })}
          />
        ) : (
          !list('failed') && <FilterRowSkeleton />
        )}
      </div>
      {list('loading') && (
        <div role="status" aria-label={TEXTS.loading} data-testid="resources-skeleton">
          {choice.tab === 'ebook' ? <EbookGridSkeleton count={RESOURCE_PAGE_DEFAULT_SIZE} /> : <ResourceListSkeleton rows={RESOURCE_PAGE_DEFAULT_SIZE} />}
        </div>
      )}
      {list('failed') && <ErrorState message={error ?? ''} onRetry={() => send({ type: 'RETRY' })} />}
      {list('empty') && <NothingHere shown={state.context.shown ?? choice} listing={listing} />}
      {shownListing && (
        <>
          {shownListing.tab === 'file' ? (
            <FileList listing={shownListing} />
          ) : (
            <ul className="xt-ebook-grid">
              {shownListing.page.records.map((ebook) => (
                <EbookCard key={ebook.id} ebook={ebook} onOpen={() => send({ type: 'EBOOK_OPENED', ebookId: ebook.id })} />
              ))}
            </ul>
          )}
          <Pager
            current={choice.page}
            pages={totalPages(shownListing.page.total, RESOURCE_PAGE_DEFAULT_SIZE)}
            hrefOf={(page) => resourcePageHref({ ...choice, page })}
            onFollow={() => top.current?.focus()}
          />
        </>
      )}
    </div>
  );
}
