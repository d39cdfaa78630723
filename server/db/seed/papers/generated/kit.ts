/**
 * Tools for the generated demo questions: a fixed-seed PRNG (never Math.random, so every seed run
 * writes the same bank), option lists with distinct texts and deterministically shuffled keys, and the
 * builders of papers and 章节练习 sections drawn from a generated bank.
 */
import type { QuestionType } from '../../../../../src/domain/questionBank/contract';
import type { PaperDef, QuestionDef, SectionDef } from '../../types';
import { optionKey } from '../../util';

/** A deterministic PRNG (mulberry32): the same seed gives the same sequence on every run. */
export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  /** One element. */
  pick<T>(items: readonly T[]): T;
  /** A shuffled copy. */
  shuffle<T>(items: readonly T[]): T[];
}

export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: (items) => items[int(0, items.length - 1)]!,
    shuffle: (items) => {
      const out = [...items];
      for (let i = out.length - 1; i > 0; i--) {
        const j = int(0, i);
        [out[i], out[j]] = [out[j]!, out[i]!];
      }
      return out;
    },
  };
}

/** A number rounded the way exam keys print it: fixed decimals, no thousands separator. */
export const fixed = (value: number, decimals = 2): string => (Math.round(value * 10 ** decimals + 1e-9) / 10 ** decimals).toFixed(decimals);

/** A percentage with `decimals` places, e.g. 0.10381 → '10.38%'. */
export const percent = (ratio: number, decimals = 2): string => `${fixed(ratio * 100, decimals)}%`;

/**
 * A wrong number printed like `right` (same decimals, same % sign), 5 %, 10 %… above or below it: the
 * spare distractor when the typical mistakes coincide with the key after rounding.
 */
export function nearbyNumber(ref: string, right: string, attempt: number): string {
  const match = /^(-?\d+)(?:\.(\d+))?(%?)$/.exec(right);
  if (!match) throw new Error(`${ref}: not enough distinct options`);
  const decimals = match[2]?.length ?? 0;
  const value = Number(right.replace('%', ''));
  const step = (attempt % 2 === 0 ? 1 : -1) * 0.05 * Math.ceil(attempt / 2);
  const moved = value === 0 ? step * 10 : value * (1 + step);
  return `${fixed(moved, decimals)}${match[3]}`;
}

/**
 * What a numeric generator computed, so a test can recompute it with its own formula: the kind of
 * calculation, its inputs and the value the keyed option shows.
 */
export interface Calculation {
  kind: string;
  inputs: Record<string, number>;
}

/** A generated question, its 章节练习 section and, for computed answers, the calculation behind the key. */
export interface Generated {
  question: QuestionDef;
  /** Leaf section path: [top-level section, leaf]. */
  section: [string, string];
  calc?: Calculation;
}

/**
 * 单项选择题 from the right text and the wrong ones (typical mistakes first). Duplicates of the right
 * text or of each other are dropped; `spare` supplies more wrong texts when fewer than three remain.
 * The four texts are shuffled so the key lands on A–D deterministically.
 */
export function singleChoice(
  rng: Rng,
  ref: string,
  stem: string,
  right: string,
  wrong: readonly string[],
  analysis: string,
  spare: (attempt: number) => string = (attempt) => nearbyNumber(ref, right, attempt),
  difficulty = 2,
): QuestionDef {
  const options = [right];
  for (const text of wrong) if (options.length < 4 && !options.includes(text)) options.push(text);
  for (let attempt = 1; options.length < 4; attempt++) {
    const text = spare(attempt);
    if (!options.includes(text)) options.push(text);
    if (attempt > 50) throw new Error(`${ref}: not enough distinct options`);
  }
  const shuffled = rng.shuffle(options);
  return { ref, type: 'SINGLE', stem, options: shuffled, answer: [optionKey(shuffled.indexOf(right))], analysis, difficulty };
}

/** 多项选择题: five options, the right ones (2–4) among them; options shuffled, keys in A–E order. */
export function multipleChoice(
  rng: Rng,
  ref: string,
  stem: string,
  right: readonly string[],
  wrong: readonly string[],
  analysis: string,
  difficulty = 3,
): QuestionDef {
  if (right.length < 2 || right.length > 4 || right.length + wrong.length !== 5) throw new Error(`${ref}: 5 options with 2–4 right ones expected`);
  const options = rng.shuffle([...right, ...wrong]);
  if (new Set(options).size !== 5) throw new Error(`${ref}: duplicate options`);
  const answer = options.flatMap((text, i) => (right.includes(text) ? [optionKey(i)] : []));
  return { ref, type: 'MULTIPLE', stem, options, answer, analysis, difficulty };
}

/** 判断题: options 正确 / 错误. */
export function judgement(ref: string, stem: string, correct: boolean, analysis: string, difficulty = 1): QuestionDef {
  return { ref, type: 'JUDGE', stem, options: ['正确', '错误'], answer: [correct ? 'A' : 'B'], analysis, difficulty };
}

/** 填空题: one ____ per blank in the stem, the blanks' texts in order. */
export function blanks(ref: string, stem: string, answers: string[], analysis: string, difficulty = 2): QuestionDef {
  return { ref, type: 'FILL', stem, options: [], answer: answers, analysis, difficulty };
}

/** k distinct items out of `items`, in a deterministic random order. */
export function sample<T>(rng: Rng, items: readonly T[], k: number): T[] {
  return rng.shuffle(items).slice(0, k);
}

/**
 * Collects generated questions, numbering refs `${prefix}-g001…` and skipping a question whose stem and
 * options repeat one already made (random parameters can coincide).
 */
export class BankBuilder {
  readonly items: Generated[] = [];
  private readonly seen = new Set<string>();

  constructor(private readonly prefix: string) {}

  /** The ref the next question gets. */
  nextRef(): string {
    return `${this.prefix}-g${String(this.items.length + 1).padStart(3, '0')}`;
  }

  /** Adds a question made with nextRef(); returns false (and drops it) when it repeats one already made. */
  add(item: Generated): boolean {
    const identity = `${item.question.type}|${item.question.stem}|${[...item.question.options].sort().join('|')}`;
    if (this.seen.has(identity)) return false;
    this.seen.add(identity);
    this.items.push(item);
    return true;
  }

  /** Calls make() until `count` new questions of this kind were added (or gives up on a too-small space). */
  fill(count: number, make: (ref: string) => Generated): void {
    let added = 0;
    for (let attempt = 0; added < count; attempt++) {
      if (attempt > count * 20) throw new Error(`${this.prefix}: only ${added} distinct questions of ${count}`);
      if (this.add(make(this.nextRef()))) added++;
    }
  }

  count(type: QuestionType): number {
    return this.items.filter((g) => g.question.type === type).length;
  }
}

export interface PaperShapePart {
  type: QuestionType;
  count: number;
  score: number;
}

/** A paper of generated questions: each part draws `count` distinct questions of its type in a deterministic order. */
export function drawPaper(rng: Rng, items: readonly Generated[], paper: Omit<PaperDef, 'parts' | 'totalScore'>, shape: readonly PaperShapePart[]): PaperDef {
  const parts = shape.map(({ type, count, score }) => {
    const pool = items.filter((g) => g.question.type === type).map((g) => g.question.ref);
    if (pool.length < count) throw new Error(`${paper.key}: ${count} ${type} questions wanted, ${pool.length} in the bank`);
    return { score, refs: sample(rng, pool, count) };
  });
  const totalScore = parts.reduce((sum, part) => sum + part.score * part.refs.length, 0);
  return { ...paper, totalScore, parts };
}

/**
 * The hand-written sections with the generated questions added: each goes to its [top, leaf] section,
 * appended to an existing leaf of that name or to a new leaf at the end of the top-level section.
 */
export function withGeneratedSections(sections: readonly SectionDef[], items: readonly Generated[]): SectionDef[] {
  const out: SectionDef[] = sections.map((top) => ({ ...top, children: top.children?.map((leaf) => ({ ...leaf, refs: [...(leaf.refs ?? [])] })) }));
  for (const { question, section } of items) {
    const [topName, leafName] = section;
    let top = out.find((s) => s.name === topName);
    if (!top) {
      top = { name: topName, children: [] };
      out.push(top);
    }
    top.children ??= [];
    let leaf = top.children.find((s) => s.name === leafName);
    if (!leaf) {
      leaf = { name: leafName, refs: [] };
      top.children.push(leaf);
    }
    (leaf.refs ??= []).push(question.ref);
  }
  return out;
}
