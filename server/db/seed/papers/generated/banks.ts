/**
 * Grows the hand-written banks with the generated questions: the questions appended, two free MOCK papers
 * drawn from them (a 100-question 全真模拟卷 and a 200-question 考前冲刺卷, no question twice in a paper)
 * and every generated question filed under a 章节练习 section.
 */
import type { QuestionBankDef } from '../../types';
import { createRng, drawPaper, withGeneratedSections, type Generated, type PaperShapePart } from './kit';

export interface GrownBankSpec {
  /** Paper key prefix, e.g. 'jj'. */
  prefix: string;
  /** Seed of the paper draws. */
  seed: number;
  /** Exam title, e.g. '2027一级建造师《建设工程经济》'. */
  title: string;
  /** Minutes for the 100-question paper (the 200-question one gets 240). */
  mockMinutes: number;
  /** 100 questions, scored like the real exam where its shape is known. */
  mockShape: PaperShapePart[];
  /** 200 questions. */
  sprintShape: PaperShapePart[];
}

/** Pass mark of the generated papers: 60 % of the total, as the exams set it. */
const passOf = (total: number): number => Math.round(total * 0.6);

export function growBank(bank: QuestionBankDef, generated: Generated[], spec: GrownBankSpec): QuestionBankDef {
  const rng = createRng(spec.seed);
  const mock = drawPaper(
    rng,
    generated,
    {
      key: `${spec.prefix}-mock-100`,
      name: `${spec.title}全真模拟卷（100题）`,
      paperType: 'MOCK',
      durationMinutes: spec.mockMinutes,
      passScore: 0,
      free: true,
    },
    spec.mockShape,
  );
  const sprint = drawPaper(
    rng,
    generated,
    { key: `${spec.prefix}-sprint-200`, name: `${spec.title}考前冲刺200题`, paperType: 'MOCK', durationMinutes: 240, passScore: 0, free: true },
    spec.sprintShape,
  );
  return {
    subject: bank.subject,
    questions: [...bank.questions, ...generated.map((g) => g.question)],
    papers: [...bank.papers, { ...mock, passScore: passOf(mock.totalScore) }, { ...sprint, passScore: passOf(sprint.totalScore) }],
    sections: withGeneratedSections(bank.sections, generated),
  };
}

/** 80 单选 × 1 + 20 多选 × 2 = 120 (the shape of 一级消防《技术实务》), doubled for the 200-question paper. */
export const CHOICE_SHAPES = {
  mock: [
    { type: 'SINGLE', count: 80, score: 1 },
    { type: 'MULTIPLE', count: 20, score: 2 },
  ],
  sprint: [
    { type: 'SINGLE', count: 160, score: 1 },
    { type: 'MULTIPLE', count: 40, score: 2 },
  ],
} satisfies Record<string, PaperShapePart[]>;
