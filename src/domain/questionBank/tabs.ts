/**
 * /question-bank/home?tab=1…4, as Chinese exam-prep sites order them: 章节练习 first (study a
 * chapter, then practise it), then 模拟试卷, 历年真题 and 每日一练.
 */
import type { PaperType, RecordSource } from './contract';

export const QB_HOME_TABS: readonly { tab: number; paperType: PaperType }[] = [
  { tab: 1, paperType: 'CHAPTER' },
  { tab: 2, paperType: 'MOCK' },
  { tab: 3, paperType: 'REAL' },
  { tab: 4, paperType: 'DAILY' },
];

/** ?tab=… → a tab number, 1 for anything else. */
export function homeTabOf(value: string | null): number {
  const tab = Number(value);
  return QB_HOME_TABS.some((t) => t.tab === tab) ? tab : 1;
}

/** learn-center-record/{questionType} and learn-center-analyze-record/{questionType}: what is practised. */
export const PRACTICE_KINDS = { section: 'SECTION', wrong: 'WRONG', favorite: 'FAVORITE', review: 'REVIEW', smart: 'SMART' } as const;
export type PracticeKind = keyof typeof PRACTICE_KINDS;

/** The practice kind of a record's source; null for a paper's record. */
export function practiceKindOfSource(source: RecordSource): PracticeKind | null {
  return (Object.keys(PRACTICE_KINDS) as PracticeKind[]).find((kind) => PRACTICE_KINDS[kind] === source) ?? null;
}
