/** The resources page's e-book view count and the sales advisor's QR code; the page's lists are plain calls (LEARNING_CALLS). */
import { COMMERCE_CALLS } from '../../domain/commerce/calls';
import type { EbookViewCount, SalesQrcode } from '../../domain/catalog/resources';
import { LEARNING_CALLS } from '../../domain/learning/calls';
import { call, type CallExtras } from '../shared/http/client';

/** Counts a view of an e-book (at most once per address and hour, server side); errors stay quiet: reading goes on. */
export function addEbookView(ebookId: number): Promise<EbookViewCount> {
  return call(LEARNING_CALLS.ebookAddViewNum, { params: { id: ebookId }, silent: true });
}

/** The sales advisor of a project (else the general one; no project: null or 0); null when there is none. */
export function getSalesQrcode(projectId?: number | null, options: CallExtras = {}): Promise<SalesQrcode | null> {
  return call(COMMERCE_CALLS.salesQrcode, { body: projectId ? { projectId } : {}, ...options });
}
