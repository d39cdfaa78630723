/** The input check of every site call (server side: see shared/input.ts). */
import { type CallInput, Fields, Int, NO_INPUT, OneOf, Optional, SafeInt, Text } from '../shared/input';
import { MD5_HEX_PATTERN, SIGNED_NONCE_PATTERN } from '../shared/signature';
import type { SiteCallName, SiteExtraCallName } from './calls';
import { FEEDBACK_CONTENT_MAX, FEEDBACK_IMAGE_URL_MAX, FEEDBACK_IMAGES_MAX, FEEDBACK_PAGE_SIZE, FEEDBACK_TYPE_VALUES } from './feedback';

/**
 * The old API's common fields. Their values are checked here only for shape: the handler then
 * checks the sign over exactly these fields, the timestamp window and the nonce (server/shared/signedRequest.ts).
 */
const SIGNED_FIELDS = {
  appId: Text({ min: 1, max: 40, label: 'appId' }),
  timestamp: SafeInt({ label: 'timestamp' }),
  token: Optional(Text({ max: 200, label: 'token' })),
  nonce: Text({ max: 64, pattern: SIGNED_NONCE_PATTERN, label: 'nonce' }),
  sign: Text({ max: 32, pattern: MD5_HEX_PATTERN, label: 'sign' }),
};

export const SITE_INPUTS = {
  // An unknown slot or key is not an error (an empty list, null): only junk is refused here.
  adItemsByCode: { params: Fields({ code: Text({ min: 1, max: 40 }) }) },
  paramByKey: { params: Fields({ key: Text({ min: 1, max: 60 }) }) },
  // Multipart: the handler reads the one part `file` and answers 400 to a missing, oversized or malformed body.
  uploadFile: NO_INPUT,
  uploadImage: NO_INPUT,
  feedbackSave: {
    body: Fields({
      ...SIGNED_FIELDS,
      type: OneOf(FEEDBACK_TYPE_VALUES, { label: '反馈类型' }),
      // Room for surrounding blanks: the length rule itself (feedbackContentError) runs on the trimmed text.
      content: Text({ max: FEEDBACK_CONTENT_MAX + 100, multiline: true, label: '反馈内容' }),
      images: Optional(Text({ max: FEEDBACK_IMAGES_MAX * (FEEDBACK_IMAGE_URL_MAX + 1), label: '图片' })),
    }),
  },
  // Multipart: the handler reads the signed fields and the one part `file`, and checks them itself.
  feedbackUploadImg: NO_INPUT,
  feedbackList: {
    body: Fields({
      ...SIGNED_FIELDS,
      page: Int({ min: 1, max: 10_000, default: 1 }),
      pageSize: Int({ min: 1, max: FEEDBACK_PAGE_SIZE * 2, default: FEEDBACK_PAGE_SIZE }),
    }),
  },
} as const satisfies { [N in SiteCallName | SiteExtraCallName]?: CallInput };
