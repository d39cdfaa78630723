/** Builders for course catalogues: 章 (ch) → 节 (sec) → coursewares. Durations are given in minutes. */
import type { ChapterDef, LessonGroupDef, SkuDef, WareDef } from '../types';
import { yuan } from '../types';

export const video = (name: string, minutes: number, seconds = 0): WareDef => ({ type: 'VIDEO', name, durationSeconds: minutes * 60 + seconds });
export const audio = (name: string, minutes: number): WareDef => ({ type: 'AUDIO', name, durationSeconds: minutes * 60 });
export const live = (name: string, minutes: number): WareDef => ({ type: 'LIVE', name, durationSeconds: minutes * 60 });
export const ebook = (name: string): WareDef => ({ type: 'EBOOK', name, durationSeconds: 0 });
/** A PAPER courseware pointing at a seeded paper by its key. */
export const paper = (name: string, paperKey: string): WareDef => ({ type: 'PAPER', name, durationSeconds: 0, paper: paperKey });

export const sec = (name: string, ...wares: WareDef[]): LessonGroupDef => ({ name, wares });
export const ch = (name: string, ...sections: LessonGroupDef[]): ChapterDef => ({ name, sections });

/** A SKU priced in yuan. */
export const sku = (name: string, priceYuan: number, validDays: number, cohort?: { startsInDays: number }): SkuDef => ({
  name,
  price: yuan(priceYuan),
  validDays,
  ...cohort,
});
