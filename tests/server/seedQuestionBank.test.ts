/**
 * The generated question-bank demo content: every question well-formed, the generators deterministic,
 * computed keys re-derived here with formulas written independently of the generators, and the four grown
 * banks each ≥ 220 questions with a 100- and a 200-question paper whose scores add up.
 */
import { describe, expect, it } from 'vitest';
import { questionBanks } from '../../server/db/seed/papers';
import { generateJiaozi } from '../../server/db/seed/papers/generated/jiaoziGen';
import { generateJingji } from '../../server/db/seed/papers/generated/jingjiGen';
import type { Generated } from '../../server/db/seed/papers/generated/kit';
import { generateKuaiji } from '../../server/db/seed/papers/generated/kuaijiGen';
import { generateXiaofang } from '../../server/db/seed/papers/generated/xiaofangGen';
import type { QuestionDef, SectionDef } from '../../server/db/seed/types';

const GENERATORS: Record<string, { subject: string; make: () => Generated[] }> = {
  jingji: { subject: 'yjjz-jj', make: generateJingji },
  xiaofang: { subject: 'yjxf-jssw', make: generateXiaofang },
  jiaozi: { subject: 'jszg-zhsz', make: generateJiaozi },
  kuaiji: { subject: 'cjkj-sw', make: generateKuaiji },
};

const KEYS = ['A', 'B', 'C', 'D', 'E'];

/** What is wrong with a question, or null. */
function problems(q: QuestionDef): string | null {
  if (q.analysis.trim().length < 8) return 'analysis too short';
  if (/NaN|Infinity|undefined|null|\[object/.test([q.stem, q.analysis, ...q.options, ...q.answer].join(' '))) return 'a broken value in the text';
  if (q.stem.trim().length < 6) return 'stem too short';
  if (new Set(q.options).size !== q.options.length) return 'duplicate options';
  if (q.options.some((o) => o.trim() === '')) return 'empty option';
  const keysOk = q.answer.every((a) => KEYS.slice(0, q.options.length).includes(a)) && new Set(q.answer).size === q.answer.length;
  switch (q.type) {
    case 'SINGLE':
      return q.options.length === 4 && q.answer.length === 1 && keysOk ? null : 'SINGLE: 4 options, one key';
    case 'MULTIPLE':
      return q.options.length === 5 && q.answer.length >= 2 && q.answer.length <= 4 && keysOk ? null : 'MULTIPLE: 5 options, 2–4 keys';
    case 'JUDGE':
      return q.options.join('/') === '正确/错误' && q.answer.length === 1 && keysOk ? null : 'JUDGE: 正确/错误, one key';
    case 'FILL':
      return (q.stem.match(/____/g) ?? []).length === q.answer.length && q.answer.length > 0 && q.answer.every((a) => a.trim() !== '') && q.options.length === 0
        ? null
        : 'FILL: one ____ per blank';
    default:
      return `unexpected type ${q.type}`;
  }
}

const keyedText = (q: QuestionDef): string => q.options[KEYS.indexOf(q.answer[0]!)]!;
const asNumber = (text: string): number => Number(text.replace('%', ''));
const decimalsOf = (text: string): number => text.replace('%', '').split('.')[1]?.length ?? 0;

/** Power by repeated multiplication (the generators use **). */
function pow(base: number, n: number): number {
  let out = 1;
  for (let k = 0; k < n; k++) out *= base;
  return out;
}

type Inputs = Record<string, number>;

/** Independent re-derivations of the computed keys: value in the unit the option prints (% kinds as percent). */
const NUMERIC: Record<string, (x: Inputs) => number> = {
  compoundFuture: ({ p, i, n }) => p! * pow(1 + i!, n!),
  presentValue: ({ f, i, n }) => f! / pow(1 + i!, n!),
  periodicFuture: ({ p, r, m, years }) => p! * pow(1 + r! / m!, m! * years!),
  effectiveRate: ({ r, m }) => (pow(1 + r! / m!, m!) - 1) * 100,
  // Sum of each deposit's compound value instead of the closed form.
  annuityFuture: ({ a, i, n }) => Array.from({ length: n! }, (_, t) => a! * pow(1 + i!, n! - 1 - t)).reduce((s, v) => s + v, 0),
  // The payment that discounts back to P: P ÷ Σ 1/(1+i)^t.
  capitalRecovery: ({ p, i, n }) => p! / Array.from({ length: n! }, (_, t) => 1 / pow(1 + i!, t + 1)).reduce((s, v) => s + v, 0),
  staticPayback: ({ invest0, invest1, inflow }) => {
    // Walk the years: the fraction of the year in which the balance reaches zero.
    let balance = -invest0! - invest1!;
    for (let year = 2; ; year++) {
      if (balance + inflow! >= 0) return year - 1 + -balance / inflow!;
      balance += inflow!;
    }
  },
  breakEvenQuantity: ({ price, variable, tax, fixedCost }) => Math.round(fixedCost! / (price! - variable! - tax!)),
  breakEvenPrice: ({ capacity, variable, tax, fixedCost }) => fixedCost! / capacity! + variable! + tax!,
  returnOnEquity: ({ total, debt, profit }) => ((profit! * 0.75) / (total! - debt!)) * 100,
  returnOnInvestment: ({ build, interest, working, ebit }) => (ebit! / (build! + interest! + working!)) * 100,
  straightLine: ({ cost, salvageRate, life }) => (cost! - cost! * salvageRate!) / life!,
  economicLife: ({ value, salvage, lambda }) => Math.sqrt((2 * (value! - salvage!)) / lambda!),
  quickRatio: ({ current, stock, liabilities }) => (current! - stock!) / liabilities!,
  bondCost: ({ coupon, fee }) => ((coupon! - coupon! * 0.25) / (1 - fee!)) * 100,
  advanceDeduction: ({ contract, advance, material }) => contract! * (1 - advance! / material!),
  netPresentValue: ({ invest, annual, factor }) => annual! * factor! - invest!,
  irrInterpolation: ({ low, high, npv1, npv2 }) => (low! + ((high! - low!) * Math.abs(npv1!)) / (Math.abs(npv1!) + Math.abs(npv2!))) * 100,
  leaseRent: ({ price, years, i, extra }) => price! / years! + price! * i! + price! * extra!,
  timeNorm: ({ output }) => 1 / output!,
  straightLineYear: ({ cost, salvage, life, month }) => ((cost! - salvage!) / (life! * 12)) * (12 - month!),
  doubleDeclining: ({ cost, life, year }) => {
    let book = cost!;
    let dep = 0;
    for (let y = 1; y <= year!; y++) {
      dep = (book * 2) / life!;
      book -= dep;
    }
    return dep;
  },
  sumOfYears: ({ cost, salvage, life, year }) => {
    let digits = 0;
    for (let y = 1; y <= life!; y++) digits += y;
    return ((cost! - salvage!) * (life! + 1 - year!)) / digits;
  },
  weightedAverage: ({ q0, c0, q1, c1, q2, c2, issued }) => issued! * ((q0! * c0! + q1! * c1! + q2! * c2!) / (q0! + q1! + q2!)),
  vatPayable: ({ sales, bought, freight }) => (sales! - bought!) * 0.13 - freight! * 0.09,
  outputTax: ({ gross }) => gross! - gross! / 1.13,
  badDebt: ({ ending, rate, opening, writtenOff, recovered }) => ending! * rate! - opening! + writtenOff! - recovered!,
  tradingInitial: ({ paid, dividend }) => paid! - dividend!,
  tradingIncome: ({ paid, dividend, fee, sold }) => -fee! + (sold! - (paid! - dividend!)),
  materialTotal: ({ qty, price, freight, sorting }) => qty! * price! + freight! + sorting!,
  materialUnit: ({ qty, price, freight, sorting, loss }) => (qty! * price! + freight! + sorting!) / (qty! - loss!),
  grossProfit: ({ opening, purchases, revenue, returns, margin }) => opening! + purchases! - (revenue! - returns!) + (revenue! - returns!) * margin!,
};

/** Keys whose answer is a text, re-derived from the rule tables of the exams. */
const TEXTUAL: Record<string, (x: Inputs) => string> = {
  liquidHazard: ({ flash }) => (flash! >= 60 ? '丙类' : flash! >= 28 ? '乙类' : '甲类'),
  gasHazard: ({ limit }) => (limit! >= 10 ? '乙类' : '甲类'),
  residentialClass: ({ height }) => (height! > 54 ? '一类高层住宅建筑' : height! > 27 ? '二类高层住宅建筑' : '单、多层住宅建筑'),
  officeClass: ({ height }) => (height! > 50 ? '一类高层公共建筑' : height! > 24 ? '二类高层公共建筑' : '单、多层公共建筑'),
  lawPassed: ({ passed }) => `${passed}年`,
  valueIndex: (x) => {
    const parts = ['甲', '乙', '丙', '丁'];
    const f = parts.map((_, k) => x[`f${k}`]!);
    const c = parts.map((_, k) => x[`c${k}`]!);
    const fs = f.reduce((a, b) => a + b, 0);
    const cs = c.reduce((a, b) => a + b, 0);
    const v = f.map((fk, k) => (fk * cs) / (fs * c[k]!));
    return `部件${parts[v.indexOf(Math.min(...v))]}`;
  },
};

/** FILL keys: every blank, in order. */
const FILLS: Record<string, (x: Inputs) => number[]> = {
  effectiveRateFill: ({ r, m }) => [(r! / m!) * 100, (pow(1 + r! / m!, m!) - 1) * 100],
  compoundFill: ({ p, i, n }) => [p! * pow(1 + i!, n!)],
  depreciationFill: ({ cost, salvage, life }) => [(cost! - salvage!) / life!, (2 * cost!) / life!, ((cost! - salvage!) * 2 * life!) / (life! * (life! + 1))],
  badDebtFill: ({ ending, rate, opening }) => [ending! * rate! - opening!],
};

/** The printed key agrees with the independent value to its printed precision. */
function expectClose(printed: string, expected: number, what: string): void {
  const tolerance = 0.5 * 10 ** -decimalsOf(printed) + 1e-6;
  expect(Math.abs(asNumber(printed) - expected), `${what}: printed ${printed}, expected ≈ ${expected}`).toBeLessThanOrEqual(tolerance);
}

describe.each(Object.entries(GENERATORS))('generated %s questions', (_name, { make }) => {
  const items = make();

  it('are deterministic: two runs give the same questions', () => {
    expect(make()).toEqual(items);
  });

  it('are well-formed, with unique refs and no repeated question', () => {
    for (const { question } of items) expect(problems(question), `${question.ref} ${question.stem}`).toBeNull();
    expect(new Set(items.map((g) => g.question.ref)).size).toBe(items.length);
    const identities = items.map((g) => `${g.question.stem}|${[...g.question.options].sort().join('|')}`);
    expect(new Set(identities).size).toBe(items.length);
  });

  it('mix the types: mostly single choice, plus multiple, judge and fill', () => {
    const count = (t: string) => items.filter((g) => g.question.type === t).length;
    expect(count('SINGLE')).toBeGreaterThan(items.length / 2);
    for (const t of ['MULTIPLE', 'JUDGE', 'FILL']) expect(count(t), t).toBeGreaterThan(0);
  });

  it('spread the keys of single choices over A–D', () => {
    const singles = items.filter((g) => g.question.type === 'SINGLE');
    for (const key of ['A', 'B', 'C', 'D']) {
      const share = singles.filter((g) => g.question.answer[0] === key).length / singles.length;
      expect(share, key).toBeGreaterThan(0.12);
    }
  });

  it('key what an independent calculation gives, for every computed question', () => {
    const computed = items.filter((g) => g.calc);
    for (const { question, calc } of computed) {
      const { kind, inputs } = calc!;
      const what = `${question.ref} ${kind}`;
      if (NUMERIC[kind]) expectClose(keyedText(question), NUMERIC[kind](inputs), what);
      else if (TEXTUAL[kind]) expect(keyedText(question), what).toBe(TEXTUAL[kind](inputs));
      else if (FILLS[kind]) {
        const expected = FILLS[kind](inputs);
        expect(question.answer.length, what).toBe(expected.length);
        question.answer.forEach((printed, k) => expectClose(printed, expected[k]!, what));
      } else throw new Error(`no independent check for ${kind}`);
    }
    expect(computed.length).toBeGreaterThan(_name === 'jiaozi' ? 5 : 100);
  });
});

function sectionRefs(sections: SectionDef[]): string[] {
  return sections.flatMap((s) => [...(s.refs ?? []), ...sectionRefs(s.children ?? [])]);
}

describe.each(Object.entries(GENERATORS))('the grown %s bank', (_name, { subject, make }) => {
  const bank = questionBanks.find((b) => b.subject === subject)!;
  const refs = new Set(bank.questions.map((q) => q.ref));

  it('has at least 220 questions, the generated ones included', () => {
    expect(bank.questions.length).toBeGreaterThanOrEqual(220);
    for (const { question } of make()) expect(refs.has(question.ref)).toBe(true);
    expect(refs.size).toBe(bank.questions.length);
  });

  it.each([100, 200])('has a free MOCK paper of %i questions, none twice, whose scores add up to its total', (size) => {
    const paper = bank.papers.find((p) => p.parts.reduce((n, part) => n + part.refs.length, 0) === size);
    expect(paper, `${size}-question paper`).toBeDefined();
    const all = paper!.parts.flatMap((part) => part.refs);
    expect(paper!.paperType).toBe('MOCK');
    expect(paper!.free).toBe(true);
    expect(new Set(all).size).toBe(size);
    for (const ref of all) expect(refs.has(ref), ref).toBe(true);
    expect(paper!.parts.reduce((sum, part) => sum + part.score * part.refs.length, 0)).toBe(paper!.totalScore);
    expect(paper!.passScore).toBeLessThan(paper!.totalScore);
    expect(paper!.name).toContain(size === 100 ? '（100题）' : '200题');
  });

  it('files every generated question under a 章节练习 section, and only existing questions', () => {
    const filed = sectionRefs(bank.sections);
    for (const ref of filed) expect(refs.has(ref), ref).toBe(true);
    const filedSet = new Set(filed);
    for (const { question } of make()) expect(filedSet.has(question.ref), question.ref).toBe(true);
  });
});
