/** Site-wide calls of product-spec §7: ad slots, site params, file and image uploads, feedback on the old signed API. */
import type { UploadedFile, UploadedImage } from '../account/contract';
import { API_PREFIX, defineCall as def, type ApiCallDef } from '../shared/api';
import type { Page } from '../shared/envelope';
import type { SignedUpload } from '../shared/signature';
import type { AdItem, SiteParam } from './contract';
import type { FeedbackImage, FeedbackItem, FeedbackListParams, FeedbackSaveParams } from './feedback';

export const SITE_CALLS = {
  adItemsByCode: def<{ answer: AdItem[]; params: { code: string } }>('GET', '/content/front/api/adItem/getAdItemsByCode/:code'),
  paramByKey: def<{ answer: SiteParam | null; params: { key: string } }>('GET', `${API_PREFIX.products}/param/getItemByKey/:key`),
  // Multipart: the one part `file`.
  uploadFile: def<{ answer: UploadedFile; body: FormData }>('POST', `${API_PREFIX.sys}/material/uploadFile`, 'multipart'),
  uploadImage: def<{ answer: UploadedImage; body: FormData }>('POST', `${API_PREFIX.sys}/material/uploadImage`, 'multipart'),
  // The old API (src/domain/shared/signature.ts): form fields plus appId, timestamp, token, nonce and their sign.
  feedbackSave: def<{ answer: { id: number }; body: FeedbackSaveParams }>('POST', '/api/basic/fb/savePC', 'signed-form'),
  feedbackUploadImg: def<{ answer: FeedbackImage; body: SignedUpload }>('POST', '/api/upload/uploadImg', 'signed-multipart'),
} as const satisfies Record<string, ApiCallDef>;

export type SiteCallName = keyof typeof SITE_CALLS;

/** Calls our own services add beyond §7: a student's feedback list, on the same signed old API as its save. */
export const SITE_EXTRA_CALLS = {
  feedbackList: def<{ answer: Page<FeedbackItem>; body: FeedbackListParams }>('POST', '/api/basic/fb/listPC', 'signed-form'),
} as const satisfies Record<string, ApiCallDef>;

export type SiteExtraCallName = keyof typeof SITE_EXTRA_CALLS;
