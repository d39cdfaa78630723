/** Shapes of API data shared by the client and the server. Amounts are in yuan (number). */
import type { CourseType, Gender } from './constants';

export interface UserInfo {
  id: number;
  account: string;
  nickname: string;
  avatar: string;
  headImg: string;
  gender: Gender;
  mobile: string;
  bindMobile: boolean;
  projectId: number | null;
  projectName: string | null;
}

/** What every login call answers. */
export interface LoginResult {
  token: string;
  /** Epoch ms when the server session ends. */
  expirationTimestamp: number;
  userinfo: UserInfo;
  sessionKey?: string;
}

export interface ClassNode {
  id: number;
  pId: number;
  name: string;
  code: string;
  level: number;
  children?: ClassNode[];
}

export interface AdItem {
  id: number;
  title: string;
  imageUrl: string;
  linkUrl: string | null;
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

export interface SiteParam {
  key: string;
  value: string;
}
