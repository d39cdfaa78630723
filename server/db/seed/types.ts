/**
 * Types of the demo-data definitions. Data files hold plain typed arrays; rows reference each other by
 * code / key / ref strings, and the loader resolves them to the serial ids the database assigns.
 */
import type { CourseType } from '../../../src/domain/catalog/contract';
import type { CoursewareType } from '../../../src/domain/learning/rules';
import type { QuestionType } from '../../../src/domain/questionBank/contract';
import type { Db } from '../client';

/** Drizzle database over the app schema (PGlite or node-postgres); a transaction is one too. */
export type SeedDb = Db;

/** Yuan to cents. */
export const yuan = (amount: number): number => Math.round(amount * 100);

/** A class tree node: level 1 大类, level 2 考试项目, level 3 科目. */
export interface ClassDef {
  code: string;
  name: string;
  children?: ClassDef[];
}

export interface TeacherDef {
  key: string;
  name: string;
  title: string;
  intro: string;
  /** Class code of the teacher's project (level 2). */
  project: string;
  /** Avatar circle colour. */
  color: string;
}

export interface WareDef {
  type: CoursewareType;
  name: string;
  durationSeconds: number;
  /** PAPER coursewares: key of a seeded paper. */
  paper?: string;
}

/** A 节 of the catalogue; its coursewares hang on it. */
export interface LessonGroupDef {
  name: string;
  wares: WareDef[];
}

/** A 章 of the catalogue. */
export interface ChapterDef {
  name: string;
  sections: LessonGroupDef[];
}

export interface SkuDef {
  name: string;
  price: number;
  validDays: number;
  /** EXP: this SKU sells a cohort starting on the first Monday at least this many days after the seed runs (cohortStart). */
  startsInDays?: number;
}

export interface CourseDef {
  /** Unique ascii key: cover file name and lookups. */
  key: string;
  type: CourseType;
  title: string;
  subtitle: string;
  /** Class code of the project (level 2); the category is its parent. */
  project: string;
  /** Class code of the subject (level 3), when the course covers one subject. */
  subject?: string;
  /** Cents. */
  price: number;
  originalPrice?: number;
  status?: 'ON_SALE' | 'OFF_SHELF';
  salesCount: number;
  validDays: number;
  sort: number;
  teachers: string[];
  /** Intro parts, joined into 课程介绍 / 适合人群 / 学习收获 paragraphs. */
  desc: string[];
  audience: string[];
  gains: string[];
  skus?: SkuDef[];
  /** PACK: keys of the courses it contains. */
  packOf?: string[];
  /** ADD: keys of the main courses this add-on is offered with. */
  addOnTo?: string[];
  /** Catalogue (not for PACK: its content is its child courses). */
  outline?: ChapterDef[];
  /** Cover gradient. */
  colors: [string, string];
  /** 禁止拖动未学内容: a lesson's first watch cannot seek past what was watched. */
  noSkipAhead?: boolean;
  /** EXP: its stages (every cohort follows them; the cohorts are its SKUs); chapter i of the outline belongs to stage i. */
  camp?: CampDef;
}

export interface CampStageDef {
  name: string;
  intro: string;
  days: number;
}

export interface CampDef {
  /** Back to back from the cohort's first day. */
  stages: CampStageDef[];
}

export interface EbookDef {
  title: string;
  author: string;
  intro: string;
  project: string;
  subject?: string;
  pageCount: number;
  views: number;
  colors: [string, string];
}

export interface AdvisorDef {
  /** Class code of the project served; absent for the general advisor. */
  project?: string;
  name: string;
  wechatId: string;
  tip: string;
  color: string;
}

export interface QuestionDef {
  ref: string;
  type: QuestionType;
  stem: string;
  /** Option texts; keys A, B, C… are assigned in order. */
  options: string[];
  /** Option keys, or blank texts (FILL), or one model answer (SHORT_ANSWER); empty for CASE. */
  answer: string[];
  analysis: string;
  difficulty: number;
  /** CASE sub-questions. */
  subs?: QuestionDef[];
}

export type PaperType = 'REAL' | 'MOCK' | 'CHAPTER' | 'DAILY';

export interface PaperPartDef {
  /** Score of each question of the part (a CASE's score covers its sub-questions). */
  score: number;
  refs: string[];
}

export interface PaperDef {
  key: string;
  name: string;
  paperType: PaperType;
  year?: number;
  durationMinutes: number;
  totalScore: number;
  passScore: number;
  free: boolean;
  parts: PaperPartDef[];
}

export interface SectionDef {
  name: string;
  refs?: string[];
  children?: SectionDef[];
}

/** Everything of one subject's question bank. */
export interface QuestionBankDef {
  /** Class code of the subject. */
  subject: string;
  questions: QuestionDef[];
  papers: PaperDef[];
  sections: SectionDef[];
}

export interface ResourceDef {
  title: string;
  project: string;
  subject?: string;
  sizeKb: number;
  free: boolean;
  downloads: number;
}

export interface AdDef {
  slot: string;
  title: string;
  /** File name under public/demo/banners/. */
  image: string;
  /** A course key (linked as /course/detail/<id>) or a site path. */
  course?: string;
  path?: string;
  /** Banner artwork. */
  headline: string;
  subline: string;
  colors: [string, string];
  width: number;
  height: number;
}
