/** Site-wide calls of product-spec §7: ad slots, site params, file and image uploads, feedback on the old signed API. */
import { API_PREFIX, defineCall as def, type ApiCallDef } from '../shared/api';

export const SITE_CALLS = {
  adItemsByCode: def('GET', '/content/front/api/adItem/getAdItemsByCode/:code'),
  paramByKey: def('GET', `${API_PREFIX.products}/param/getItemByKey/:key`),
  uploadFile: def('POST', `${API_PREFIX.sys}/material/uploadFile`, 'multipart'),
  uploadImage: def('POST', `${API_PREFIX.sys}/material/uploadImage`, 'multipart'),
  feedbackSave: def('POST', '/api/basic/fb/savePC', 'signed-form'),
  feedbackUploadImg: def('POST', '/api/upload/uploadImg', 'signed-form'),
} as const satisfies Record<string, ApiCallDef>;

export type SiteCallName = keyof typeof SITE_CALLS;
