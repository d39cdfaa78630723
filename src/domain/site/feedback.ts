/**
 * 意见反馈 (/uc/feedback): what a student may send and how it is shown back. The spec leaves the
 * rules open (§5 "Rules for … feedback … are not shown"); these are the site's, checked alike by
 * the form and by the server (server/feedback):
 * - a type from FEEDBACK_TYPES, text of FEEDBACK_CONTENT_MIN..MAX characters once trimmed (counted
 *   as characters a student sees, so one emoji is one), and up to FEEDBACK_IMAGES_MAX images;
 * - an image is JPEG, PNG, GIF or WEBP by its bytes, at most FEEDBACK_IMAGE_MAX_BYTES, uploaded by
 *   the same student (a URL of someone else's upload is refused);
 * - at most FEEDBACK_PER_DAY feedbacks per student a day: enough for anyone with a problem, and a
 *   flood from a stolen session stops there;
 * - the list shows a student's own feedback only, newest first, with the team's reply once given.
 */

export const FEEDBACK_TYPES = [
  { value: 1, label: '功能建议' },
  { value: 2, label: '内容纠错' },
  { value: 3, label: '播放问题' },
  { value: 4, label: '支付与订单' },
  { value: 5, label: '账号与登录' },
  { value: 9, label: '其他' },
] as const;

export type FeedbackType = (typeof FEEDBACK_TYPES)[number]['value'];
export const FEEDBACK_TYPE_VALUES = FEEDBACK_TYPES.map<FeedbackType>((t) => t.value);

export const FEEDBACK_CONTENT_MIN = 10;
export const FEEDBACK_CONTENT_MAX = 500;
export const FEEDBACK_IMAGES_MAX = 4;
export const FEEDBACK_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const FEEDBACK_IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const FEEDBACK_PER_DAY = 10;
export const FEEDBACK_PAGE_SIZE = 10;
/** An uploaded image's URL as the server issues it (server/providers/storage): what a save may carry. */
export const FEEDBACK_IMAGE_URL_MAX = 200;

export type FeedbackStatus = 'PENDING' | 'REPLIED';

/** One feedback as its sender sees it. Times are ISO strings. */
export interface FeedbackItem {
  id: number;
  type: FeedbackType;
  content: string;
  images: string[];
  status: FeedbackStatus;
  reply: string | null;
  createdAt: string;
  repliedAt: string | null;
}

/** What /api/upload/uploadImg answers. */
export interface FeedbackImage {
  url: string;
  width: number;
  height: number;
  size: number;
}

export const FEEDBACK_TEXTS = {
  title: '意见反馈',
  intro: '遇到问题或有好的建议？告诉我们，客服会在 1 个工作日内回复。',
  typeLabel: '反馈类型',
  contentLabel: '反馈内容',
  contentPlaceholder: `请描述您遇到的问题或建议（${FEEDBACK_CONTENT_MIN}-${FEEDBACK_CONTENT_MAX}字），如涉及课程或题目，请写明名称`,
  imagesLabel: '上传图片（选填）',
  imagesHint: `最多${FEEDBACK_IMAGES_MAX}张，支持 JPG、PNG、GIF、WEBP，每张不超过5MB`,
  submit: '提交反馈',
  sending: '提交中…',
  sent: '提交成功，感谢您的反馈！我们会尽快处理',
  again: '继续反馈',
  typeRequired: '请选择反馈类型',
  typeInvalid: '反馈类型无效',
  contentRequired: '请填写反馈内容',
  contentTooShort: `请至少填写${FEEDBACK_CONTENT_MIN}个字，方便我们了解问题`,
  contentTooLong: `反馈内容不能超过${FEEDBACK_CONTENT_MAX}个字`,
  imagesTooMany: `最多上传${FEEDBACK_IMAGES_MAX}张图片`,
  imageTooLarge: '图片不能超过5MB',
  imageTypeInvalid: '仅支持 JPG、PNG、GIF、WEBP 格式的图片',
  imageNotYours: '图片无效，请删除后重新上传',
  imagesPending: '图片还在上传，请稍候再提交',
  imagesFailed: '有图片上传失败，请重试或删除后再提交',
  tooMany: `每天最多提交${FEEDBACK_PER_DAY}条反馈，请明天再来`,
  listTitle: '我的反馈',
  listEmpty: '还没有提交过反馈',
  statusPending: '待回复',
  statusReplied: '已回复',
  replyLabel: '客服回复',
  imageAlt: (n: number) => `反馈图片${n}`,
} as const;

export function feedbackTypeLabel(type: number): string {
  return FEEDBACK_TYPES.find((t) => t.value === type)?.label ?? '其他';
}

export function isFeedbackType(value: unknown): value is FeedbackType {
  return FEEDBACK_TYPE_VALUES.includes(value as FeedbackType);
}

/** Characters as a student counts them (a surrogate pair is one). */
export function feedbackLength(text: string): number {
  return [...text.trim()].length;
}

/** Why the text cannot be sent, or null. */
export function feedbackContentError(text: string): string | null {
  const length = feedbackLength(text);
  if (length === 0) return FEEDBACK_TEXTS.contentRequired;
  if (length < FEEDBACK_CONTENT_MIN) return FEEDBACK_TEXTS.contentTooShort;
  return length > FEEDBACK_CONTENT_MAX ? FEEDBACK_TEXTS.contentTooLong : null;
}

/** Why a picked file is refused before it is sent, or null (the server checks the bytes again). */
export function feedbackImageError(file: { type: string; size: number }): string | null {
  if (!(FEEDBACK_IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) return FEEDBACK_TEXTS.imageTypeInvalid;
  return file.size > FEEDBACK_IMAGE_MAX_BYTES ? FEEDBACK_TEXTS.imageTooLarge : null;
}

/** The images of a save travel as one form field: URLs joined by commas (a URL of ours has none). */
export const FEEDBACK_IMAGES_SEPARATOR = ',';

export function joinFeedbackImages(urls: readonly string[]): string {
  return urls.join(FEEDBACK_IMAGES_SEPARATOR);
}

export function splitFeedbackImages(field: string | undefined): string[] {
  return (field ?? '')
    .split(FEEDBACK_IMAGES_SEPARATOR)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The form fields of POST /api/basic/fb/savePC, before the old API's common fields and sign. */
export interface FeedbackSaveParams {
  [key: string]: string | number;
  type: FeedbackType;
  content: string;
  /** joinFeedbackImages(urls); '' for none. */
  images: string;
}

export interface FeedbackListParams {
  [key: string]: number;
  page: number;
  pageSize: number;
}
