/**
 * The component demos' data (/demo-components/*): Chinese course names, prices in fen, the demo
 * site's own pictures and its free-audition media (public/demo, the files the seed's auditions play).
 */
import type { ClassNode, CourseListItem, CourseType } from '../../../domain/catalog/contract';
import type { PlayerConfig } from '../../../domain/learning/contract';
import type { AdItem } from '../../../domain/site/contract';
import { paths } from '../../../paths';
import type { BreadcrumbItem } from '../../shared/Breadcrumb';
import type { HomeContentData } from '../home/HomeSections';
import type { UploadTile } from '../../shared/ImageUploader';

/** A file of public/demo, under the app's base (/new/). */
export const demoAsset = (file: string): string => `${import.meta.env.BASE_URL}demo/${file}`;

function course(id: number, type: CourseType, title: string, cover: string, priceCents: number, originalPriceCents: number | null = null): CourseListItem {
  return {
    id,
    type,
    title,
    subtitle: null,
    cover: demoAsset(`covers/${cover}.svg`),
    priceCents,
    originalPriceCents,
    salesCount: 1000 + id * 37,
    lessonCount: type === 'FREE' ? 6 : 48,
    projectId: 6,
    projectName: '一级建造师',
    teachers: [],
  };
}

/** One course of each type (catalog's COURSE_TYPES), each at a price its type usually has. */
export const COURSES_BY_TYPE: Readonly<Record<CourseType, CourseListItem>> = {
  SYS: course(9001, 'SYS', '2027一级建造师《建设工程经济》精讲班', 'yjjz-jj-sys-2027', 68000, 98000),
  PACK: course(9002, 'PACK', '2027一级建造师全科课程包', 'yjjz-pack-2027', 198000, 268000),
  EXP: course(9003, 'EXP', '一级建造师《实务》冲刺训练营', 'yjjz-sw-camp', 39900),
  FREE: course(9004, 'FREE', '2027一建备考规划公开课', 'yjjz-plan-free', 0),
  ADD: course(9005, 'ADD', '《建设工程经济》计算题专项加购课', 'yjjz-jj-calc-add', 9900),
};

/** The same system course free, at its price, and discounted (a struck-through list price). */
export const COURSES_BY_PRICE: readonly CourseListItem[] = [
  course(9011, 'FREE', '中级会计职称入门公开课', 'cjkj-intro-free', 0),
  course(9012, 'SYS', '2027一级消防工程师《综合能力》精讲班', 'yjxf-zhnl-sys-2027', 58000),
  course(9013, 'SYS', '2027二级建造师《施工管理》精讲班', 'ejjz-gl-sys-2027', 39900, 59900),
];

const BANNERS: AdItem[] = [
  { id: 1, title: '一级建造师全科课程包', imageUrl: demoAsset('banners/home-yjjz-pack.svg'), linkUrl: paths.courseDetail(9002) },
  { id: 2, title: '教师资格冲刺训练营', imageUrl: demoAsset('banners/home-jszg-camp.svg'), linkUrl: null },
];

const PROJECTS: ClassNode[] = [
  { id: 6, pId: 1, name: '一级建造师', code: 'yjjz', level: 2 },
  { id: 7, pId: 1, name: '二级建造师', code: 'ejjz', level: 2 },
  { id: 8, pId: 1, name: '一级消防工程师', code: 'yjxf', level: 2 },
  { id: 9, pId: 2, name: '中级会计职称', code: 'cjkj', level: 2 },
];

/** The home page once loaded: both rows filled. */
export const HOME_FILLED: HomeContentData = {
  banners: BANNERS,
  projects: PROJECTS,
  proCourses: [COURSES_BY_TYPE.SYS, COURSES_BY_TYPE.PACK, COURSES_BY_TYPE.EXP, COURSES_BY_PRICE[2]!],
  freeCourses: [COURSES_BY_TYPE.FREE, COURSES_BY_PRICE[0]!],
};

/** The home page with paid courses but no open course yet. */
export const HOME_PARTIAL: HomeContentData = { ...HOME_FILLED, banners: BANNERS.slice(0, 1), freeCourses: [] };

/** Player configs of the demo site's free-audition files: plain files, so their kind is 'mp4' (played as they are). */
const MEDIA_EXPIRES_AT = Number.MAX_SAFE_INTEGER;
export const AUDITION_VIDEO: PlayerConfig = {
  coursewareId: 9101,
  kind: 'mp4',
  url: demoAsset('media/audition.mp4'),
  expiresAt: MEDIA_EXPIRES_AT,
  duration: 0,
  poster: null,
  seekLimit: null,
  watermark: null,
};
export const AUDITION_AUDIO: PlayerConfig = { ...AUDITION_VIDEO, coursewareId: 9102, url: demoAsset('media/audition.m4a') };

export const BREADCRUMB_SHORT: readonly BreadcrumbItem[] = [
  { label: '首页', href: paths.home() },
  { label: '课程', href: paths.proCourses() },
  { label: '2027一建备考规划公开课' },
];

export const BREADCRUMB_LONG: readonly BreadcrumbItem[] = [
  { label: '首页', href: paths.home() },
  { label: '精品课程', href: paths.proCourses() },
  { label: '2027年全国一级建造师执业资格考试《建设工程经济》《建设工程项目管理》《建设工程法规及相关知识》三科联报精讲提分班（含真题解析与模考）' },
];

export const BREADCRUMB_SINGLE: readonly BreadcrumbItem[] = [{ label: '首页' }];

function tile(n: number, status: UploadTile['status'], error?: string): UploadTile {
  const covers = ['yjjz-jj-sys-2027', 'yjxf-hot-free', 'jszg-camp', 'cjkj-sw-sys-2027'];
  return {
    id: `demo-${n}-${status}`,
    name: `截图${n}.png`,
    previewUrl: demoAsset(`covers/${covers[(n - 1) % covers.length]!}.svg`),
    status,
    ...(error === undefined ? {} : { error }),
  };
}

export const UPLOAD_MAX = 4;
export const UPLOAD_DONE: readonly UploadTile[] = [tile(1, 'done'), tile(2, 'done')];
export const UPLOAD_UPLOADING: readonly UploadTile[] = [tile(1, 'done'), tile(2, 'uploading')];
export const uploadFailed = (error: string): readonly UploadTile[] => [tile(1, 'done'), tile(2, 'failed', error)];
export const UPLOAD_FULL: readonly UploadTile[] = [tile(1, 'done'), tile(2, 'done'), tile(3, 'done'), tile(4, 'done')];
