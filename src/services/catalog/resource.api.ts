/** The resources page (free materials, e-books, downloads) and the sales advisor's QR code. */
import { COMMERCE_CALLS } from '../../domain/commerce/calls';
import type { EbookItem, EbookPageQuery, EbookViewCount, FileDownloadInfo, ResourceItem, ResourcePageQuery, SalesQrcode } from '../../domain/catalog/resources';
import { LEARNING_CALLS } from '../../domain/learning/calls';
import type { Page } from '../../domain/shared/envelope';
import { call, type CallOptions } from '../shared/http/client';

type Extra = Pick<CallOptions, 'silent' | 'signal'>;

export function getFreeResourcePage(query: ResourcePageQuery, options: Extra = {}): Promise<Page<ResourceItem>> {
  return call<Page<ResourceItem>>(LEARNING_CALLS.resourceFreePageList, { body: query, ...options });
}

export function getEbookPage(query: EbookPageQuery, options: Extra = {}): Promise<Page<EbookItem>> {
  return call<Page<EbookItem>>(LEARNING_CALLS.resourceInfoList, { body: query, ...options });
}

/** Counts a view of an e-book (at most once per address and hour, server side); errors stay quiet: reading goes on. */
export function addEbookView(ebookId: number): Promise<EbookViewCount> {
  return call<EbookViewCount>(LEARNING_CALLS.ebookAddViewNum, { params: { id: ebookId }, silent: true });
}

/**
 * A short-lived signed link to download a resource (login required). The request and the answer
 * travel sealed: the transport encrypts and opens them (the 'rsa' encoding, services/http/sealed.ts).
 */
export function getFileDownloadUrl(resourceId: number, options: Extra = {}): Promise<FileDownloadInfo> {
  return call<FileDownloadInfo>(LEARNING_CALLS.fileDownloadUrl, { body: { resourceId }, ...options });
}

/** The sales advisor of a project (else the general one); null when there is none. */
export function getSalesQrcode(projectId?: number | null, options: Extra = {}): Promise<SalesQrcode | null> {
  return call<SalesQrcode | null>(COMMERCE_CALLS.salesQrcode, { body: projectId ? { projectId } : {}, ...options });
}
