/**
 * The course detail page's first data: the course, its SKUs and its first audition, asked for
 * together. When the app starts on a detail page they are asked for at once, in parallel with the
 * page's code (prefetchCourseDetail), and the page's first load takes that answer over.
 */
import { askCourseDetail, type CourseDetailAnswers } from '../../domain/catalog/courseDetailData';
import { call } from '../shared/http/client';
import { askWith } from '../shared/http/ask';

export type { CourseDetailAnswers } from '../../domain/catalog/courseDetailData';

// Silent: the page shows a failure itself (an unknown course is its not-found page).
const ask = (courseId: number, signal?: AbortSignal): Promise<CourseDetailAnswers> =>
  askCourseDetail(askWith(call, { silent: true, ...(signal ? { signal } : {}) }), courseId);

/** A prefetch older than this is not handed to the page: it asks afresh. */
export const COURSE_DETAIL_PREFETCH_MAX_AGE_MS = 30_000;
let prefetched: { courseId: number; at: number; promise: Promise<CourseDetailAnswers> } | null = null;

const DETAIL_PATH = /^\/course\/detail\/(\d+)$/;

/** At start-up on a course's page (`path` relative to the base): ask for its data now; null elsewhere. */
export function prefetchCourseDetail(path: string, now: number = Date.now()): Promise<CourseDetailAnswers> | null {
  const id = Number(DETAIL_PATH.exec(path)?.[1]);
  if (!id || prefetched) return null;
  const promise = ask(id);
  // A failure is reported by the page's own load, which takes this promise over.
  promise.catch(() => {});
  prefetched = { courseId: id, at: now, promise };
  return promise;
}

/** The page's load: the prefetched answers when they are for this course and fresh, else a new ask. */
export function courseDetailAnswers(courseId: number, signal?: AbortSignal, now: number = Date.now()): Promise<CourseDetailAnswers> {
  const early = prefetched;
  prefetched = null;
  if (early && early.courseId === courseId && now - early.at <= COURSE_DETAIL_PREFETCH_MAX_AGE_MS) return early.promise;
  return ask(courseId, signal);
}
