/** Compact constructors for question definitions. Keys A–E follow the order of the option texts. */
import type { QuestionDef } from '../types';

/** 单项选择题: four options, one key. */
export function single(ref: string, stem: string, options: string[], key: string, analysis: string, difficulty = 2): QuestionDef {
  return { ref, type: 'SINGLE', stem, options, answer: [key], analysis, difficulty };
}

/** 多项选择题: five options, 2–4 keys written together, e.g. 'ACD'. */
export function multiple(ref: string, stem: string, options: string[], keys: string, analysis: string, difficulty = 3): QuestionDef {
  return { ref, type: 'MULTIPLE', stem, options, answer: keys.split(''), analysis, difficulty };
}

/** 不定项选择题: one or more keys. */
export function indefinite(ref: string, stem: string, options: string[], keys: string, analysis: string, difficulty = 3): QuestionDef {
  return { ref, type: 'INDEFINITE', stem, options, answer: keys.split(''), analysis, difficulty };
}

/** 判断题: options A 正确 / B 错误. */
export function judge(ref: string, stem: string, correct: boolean, analysis: string, difficulty = 1): QuestionDef {
  return { ref, type: 'JUDGE', stem, options: ['正确', '错误'], answer: [correct ? 'A' : 'B'], analysis, difficulty };
}

/** 填空题: the stem marks each blank with ____; the answer lists the blank texts in order. */
export function fill(ref: string, stem: string, blanks: string[], analysis: string, difficulty = 2): QuestionDef {
  return { ref, type: 'FILL', stem, options: [], answer: blanks, analysis, difficulty };
}

/** 简答题 / 写作: the answer is one model answer text. */
export function shortAnswer(ref: string, stem: string, model: string, analysis: string, difficulty = 3): QuestionDef {
  return { ref, type: 'SHORT_ANSWER', stem, options: [], answer: [model], analysis, difficulty };
}

/** 案例分析题: the stem is the case material; sub-questions get refs `${ref}-1`, `${ref}-2`… */
export function caseQuestion(ref: string, stem: string, subs: Omit<QuestionDef, 'ref'>[], analysis: string, difficulty = 4): QuestionDef {
  return {
    ref,
    type: 'CASE',
    stem,
    options: [],
    answer: [],
    analysis,
    difficulty,
    subs: subs.map((sub, i) => ({ ...sub, ref: `${ref}-${i + 1}` })),
  };
}

/** Sub-question constructors for caseQuestion (the ref is assigned there). */
export const sub = {
  single: (stem: string, options: string[], key: string, analysis: string): Omit<QuestionDef, 'ref'> => {
    const { ref: _ref, ...rest } = single('', stem, options, key, analysis);
    return rest;
  },
  multiple: (stem: string, options: string[], keys: string, analysis: string): Omit<QuestionDef, 'ref'> => {
    const { ref: _ref, ...rest } = multiple('', stem, options, keys, analysis);
    return rest;
  },
  answer: (stem: string, model: string, analysis: string): Omit<QuestionDef, 'ref'> => {
    const { ref: _ref, ...rest } = shortAnswer('', stem, model, analysis);
    return rest;
  },
};
