/** Site-wide calls of product-spec §7: file and image uploads, and feedback on the old signed API. */
import { API_PREFIX, defineCall as def, type ApiCallDef } from '../shared/api';

export const SITE_CALLS = {
  uploadFile: def('POST', `${API_PREFIX.sys}/material/uploadFile`, 'multipart'),
  uploadImage: def('POST', `${API_PREFIX.sys}/material/uploadImage`, 'multipart'),
  feedbackSave: def('POST', '/api/basic/fb/savePC', 'signed-form'),
  feedbackUploadImg: def('POST', '/api/upload/uploadImg', 'signed-form'),
} as const satisfies Record<string, ApiCallDef>;
