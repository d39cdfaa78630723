/** Site-wide calls of product-spec §7: ad slots, site params, file and image uploads, feedback on the old signed API. */
import type { UploadedFile, UploadedImage } from '../account/contract';
import { API_PREFIX, defineCall as def, type ApiCallDef } from '../shared/api';
import type { SignedParams } from '../shared/signature';
import type { AdItem, SiteParam } from './contract';

export const SITE_CALLS = {
  adItemsByCode: def<{ answer: AdItem[]; params: { code: string } }>('GET', '/content/front/api/adItem/getAdItemsByCode/:code'),
  paramByKey: def<{ answer: SiteParam | null; params: { key: string } }>('GET', `${API_PREFIX.products}/param/getItemByKey/:key`),
  // Multipart: the one part `file`.
  uploadFile: def<{ answer: UploadedFile; body: FormData }>('POST', `${API_PREFIX.sys}/material/uploadFile`, 'multipart'),
  uploadImage: def<{ answer: UploadedImage; body: FormData }>('POST', `${API_PREFIX.sys}/material/uploadImage`, 'multipart'),
  // The old API, signed; no feature of ours answers it (501), so its answer is left open.
  feedbackSave: def<{ answer: unknown; body: SignedParams }>('POST', '/api/basic/fb/savePC', 'signed-form'),
  feedbackUploadImg: def<{ answer: unknown; body: SignedParams }>('POST', '/api/upload/uploadImg', 'signed-form'),
} as const satisfies Record<string, ApiCallDef>;

export type SiteCallName = keyof typeof SITE_CALLS;
