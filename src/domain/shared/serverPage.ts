/**
 * Pages the server renders with their data (issue 23: what a search engine and a slow phone see
 * first). The server loads a page's data with the same recipe the app uses (an `Ask` is the
 * transport: the app's HTTP client, or the server answering its own calls), renders the app's own
 * views with it (src/ssr, built into dist/.ssr/), and writes the data into the HTML; the page's
 * machine then starts from it (src/services/shared/serverData.ts), so the app's first render is the
 * server's HTML and hydration changes nothing on screen.
 */
import type { AnswerOf, BodyOf, Call, PathParams } from './api';

/** The transport a data recipe asks through. */
export type Ask = <D extends Call>(def: D, options?: { params?: PathParams; query?: object; body?: BodyOf<D> }) => Promise<AnswerOf<D>>;

/** The id of the `<script type="application/json">` element holding the page's data. */
export const SERVER_DATA_ELEMENT_ID = 'xt-page-data';

/** A piece of the data a page was rendered with, under the key its machine looks it up by. */
export interface ServerPageData {
  key: string;
  data: unknown;
}

/** The keys, one per kind of page; a page's machine builds the same key from its input. */
export const SERVER_PAGE_KEYS = {
  home: (): string => 'home',
  teacher: (): string => 'teacher',
  courseList: (kind: string, params: object): string => `courseList:${kind}:${JSON.stringify(params)}`,
  courseDetail: (courseId: number): string => `courseDetail:${courseId}`,
  /** The question-bank home as a visitor sees it (a student's holds their figures: never rendered). */
  qbHome: (subjectId: number | null, tab: number): string => `qbHome:${subjectId ?? ''}:${tab}`,
  /** The course page's catalogue, its top level. */
  catalogue: (courseId: number): string => `catalogue:${courseId}`,
} as const;

/** What the server asks its renderer for: a path under the SPA base, its query, and the page's data. */
export interface RenderRequest {
  /** Relative to the base: `/course/detail/12`. */
  path: string;
  /** Without the `?`. */
  search: string;
  /** The session cookie is there: the header keeps the logged-in shape (the app reads the same cookie). */
  loggedIn: boolean;
  data: readonly ServerPageData[];
}

/** The renderer's one export (src/ssr/renderPage.tsx, built into dist/.ssr/): the HTML inside `#root`. */
export type RenderPage = (request: RenderRequest) => Promise<string>;
