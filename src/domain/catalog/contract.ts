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
  price: number;
  originalPrice: number | null;
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
}

/**
 * CoursePageQuery as the server reads it after validation: the page defaults filled, a single type
 * turned into a list, and null allowed for the 'all' option of the client's filter lists.
 */
export type ParsedCoursePageQuery = { [K in Exclude<keyof CoursePageQuery, 'current' | 'size' | 'type'>]?: CoursePageQuery[K] | null } & {
  current: number;
  size: number;
  type?: CourseType[] | null;
};
