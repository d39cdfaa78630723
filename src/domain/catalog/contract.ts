/** The catalogue contract: classes, courses, ads and site params as the API answers them. */

export const COURSE_TYPES = ['SYS', 'PACK', 'EXP', 'FREE', 'ADD'] as const;

export type CourseType = (typeof COURSE_TYPES)[number];

export const COURSE_TYPE_LABELS: Record<CourseType, string> = {
  SYS: '系统课',
  PACK: '课程包',
  EXP: '训练营',
  FREE: '公开课',
  ADD: '加购课',
};

export interface ClassNode {
  id: number;
  pId: number;
  name: string;
  code: string;
  level: number;
  children?: ClassNode[];
}

export interface CourseListItem {
  id: number;
  type: CourseType;
  title: string;
  subtitle: string | null;
  cover: string;
  /** Fen (cents), like every amount; shown with formatCents. */
  priceCents: number;
  /** Fen; the struck-through list price, if any. */
  originalPriceCents: number | null;
  salesCount: number;
  lessonCount: number;
  projectId: number;
  projectName: string;
  teachers: { id: number; name: string; avatar: string }[];
}

export interface CoursePageQuery {
  current?: number;
  size?: number;
  type?: CourseType | CourseType[];
  categoryId?: number;
  projectId?: number;
  subjectId?: number;
  keyword?: string;
  /** FREE lists open courses only, PRO the paid ones. */
  priceKind?: 'FREE' | 'PRO';
  /** Absent: DEFAULT. */
  sort?: CourseSort;
}

/**
 * CoursePageQuery as the server reads it after validation: the page defaults filled, a single type
 * turned into a list, and null allowed for the 'all' option of the client's filter lists.
 */
export type ParsedCoursePageQuery = { [K in Exclude<keyof CoursePageQuery, 'current' | 'size' | 'type' | 'sort'>]?: CoursePageQuery[K] | null } & {
  current: number;
  size: number;
  type?: CourseType[] | null;
  sort: CourseSort;
};

/** Orders of the course list; DEFAULT is the operators' sort. */
export const COURSE_SORTS = ['DEFAULT', 'NEWEST', 'SALES', 'PRICE_ASC', 'PRICE_DESC'] as const;

export type CourseSort = (typeof COURSE_SORTS)[number];

export const COURSE_SORT_LABELS: Record<CourseSort, string> = {
  DEFAULT: '综合排序',
  NEWEST: '最新上架',
  SALES: '销量最高',
  PRICE_ASC: '价格从低到高',
  PRICE_DESC: '价格从高到低',
};

/** A class (project, subject) named where a course shows it. */
export interface NamedRef {
  id: number;
  name: string;
}

/** A teacher as the course detail page and the /teacher page show them. */
export interface TeacherCard {
  id: number;
  name: string;
  title: string;
  avatar: string;
  intro: string;
}

/** Teachers of one project, for the /teacher page (teacherList). */
export interface TeacherGroup {
  project: NamedRef;
  teachers: TeacherCard[];
}

/**
 * A course mentioned by another one: the courses of a pack, the course(s) an add-on extends, the
 * add-ons offered with a course. Money in fen (cents).
 */
export interface CourseSummary {
  id: number;
  type: CourseType;
  title: string;
  cover: string;
  priceCents: number;
  lessonCount: number;
  /** Seconds. */
  totalDuration: number;
  /** False when the course went off sale (a pack keeps the courses it was sold with). */
  onSale: boolean;
}

/**
 * One stage (阶段) of a training camp (EXP), as planned for every cohort: days from a cohort's start
 * (course_skus.starts_at). src/domain/catalog/camp.ts turns a plan into one cohort's dates.
 */
export interface CampStagePlan {
  id: number;
  name: string;
  intro: string;
  /** 0 = the cohort's first day. */
  startDay: number;
  days: number;
}

/** A stage of one cohort: its plan and its days (YYYY-MM-DD, China time; both are days of the stage). Null dates: no cohort is open. */
export interface CampStage extends CampStagePlan {
  startDate: string | null;
  endDate: string | null;
}

/**
 * The camp as the detail page shows it: the next open cohort (the earliest one still taking
 * students, src/domain/catalog/camp.ts) with its stages' dates. All null when no cohort is open.
 */
export interface CourseCamp {
  /** The cohort's start (开营), epoch ms. */
  startsAt: number | null;
  /** The day it opens, YYYY-MM-DD China time. */
  startDate: string | null;
  /** After this it takes no one (epoch ms). */
  enrolEndsAt: number | null;
  stages: CampStage[];
}

/**
 * Everything the course detail page shows (courseDetails). Money in fen (cents); durations in
 * seconds. A PACK has no catalogue of its own: its lessons are those of `packCourses`, and
 * lessonCount / totalDuration add them up.
 */
export interface CourseDetails {
  id: number;
  type: CourseType;
  title: string;
  subtitle: string | null;
  cover: string;
  /** Plain text with line breaks. */
  intro: string;
  priceCents: number;
  originalPriceCents: number | null;
  salesCount: number;
  lessonCount: number;
  totalDuration: number;
  /** Days of access after purchase (the cheapest SKU may differ: courseSkuList has each SKU's). */
  validDays: number;
  category: NamedRef | null;
  project: NamedRef;
  subject: NamedRef | null;
  teachers: TeacherCard[];
  /** Free-audition coursewares (试听) of the course, or of the pack's courses. */
  auditionCount: number;
  /** PACK: the courses it contains; [] otherwise. */
  packCourses: CourseSummary[];
  /** ADD: the on-sale course(s) it is bought with; [] otherwise. */
  extendsCourses: CourseSummary[];
  /** On-sale add-on courses (加购) offered with this course. */
  addOns: CourseSummary[];
  /** EXP: the next open cohort and its stages; null otherwise. */
  camp: CourseCamp | null;
  /** 禁止拖动未学内容: a lesson's first watch cannot seek past what was watched (said before buying). */
  noSkipAhead: boolean;
}

/** One node of a course's catalogue tree (章/节), one level at a time (catalogueList). */
export interface CatalogueNode {
  id: number;
  name: string;
  /** 0 for a top-level node. */
  parentId: number;
  hasChildren: boolean;
  /** Coursewares under the node, its sub-nodes included. */
  coursewareCount: number;
  /** Seconds, sub-nodes included. */
  duration: number;
  auditionCount: number;
  /** EXP: the camp stage a top-level node belongs to. */
  stageId: number | null;
}

/** The body of catalogueList: which level to answer (0 or absent: the top level). */
export interface CatalogueQuery {
  parentId?: number | null;
}

/** The body of coursewaresList. `ignoreType`: courseware type(s) to leave out, e.g. 'PAPER' on the detail page. */
export interface CoursewaresQuery {
  catalogueId: number;
  ignoreType?: string | string[] | null;
}

/**
 * A courseware in a catalogue listing. `mediaUrl` is given for free-audition coursewares only:
 * the others are played through the player once the course is owned.
 */
export interface CoursewareItem {
  coursewareId: number;
  coursewareName: string;
  type: string;
  /** Seconds. */
  duration: number;
  freeAudition: boolean;
  catalogueId: number;
  /** PAPER coursewares: the paper to start or to ask the status of; null otherwise. */
  paperId: number | null;
  mediaUrl: string | null;
}

/** A free-audition courseware with what plays it, for visitors (firstAudition, auditionList). */
export interface AuditionCourseware {
  courseId: number;
  coursewareId: number;
  coursewareName: string;
  type: string;
  duration: number;
  catalogueId: number;
  /** Null for a courseware without media (a paper or an e-book chapter). */
  mediaUrl: string | null;
}
