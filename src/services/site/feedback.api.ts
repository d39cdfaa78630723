/** 意见反馈 over the old signed API (the client signs in one place: src/services/shared/http/client.ts). */
import type { Page } from '../../domain/shared/envelope';
import { SITE_CALLS, SITE_EXTRA_CALLS } from '../../domain/site/calls';
import { FEEDBACK_PAGE_SIZE, type FeedbackImage, type FeedbackItem, type FeedbackType, joinFeedbackImages } from '../../domain/site/feedback';
import { call } from '../shared/http/client';

/** One image; silent, since the form shows the failure on the image itself. */
export function uploadFeedbackImage(file: File, signal?: AbortSignal): Promise<FeedbackImage> {
  return call(SITE_CALLS.feedbackUploadImg, { body: { file, fileName: file.name }, silent: true, ...(signal ? { signal } : {}) });
}

export interface FeedbackDraft {
  type: FeedbackType;
  content: string;
  images: readonly string[];
}

export function sendFeedback({ type, content, images }: FeedbackDraft): Promise<{ id: number }> {
  // Silent: the form shows why under its button.
  return call(SITE_CALLS.feedbackSave, { body: { type, content: content.trim(), images: joinFeedbackImages(images) }, silent: true });
}

export function listFeedback(page: number): Promise<Page<FeedbackItem>> {
  return call(SITE_EXTRA_CALLS.feedbackList, { body: { page, pageSize: FEEDBACK_PAGE_SIZE } });
}
