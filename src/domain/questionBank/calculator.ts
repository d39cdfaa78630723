/**
 * The answering screen's calculator: + − × ÷, parentheses, percent and decimals, evaluated by a
 * small recursive-descent parser (never eval). Exam calculators show 10 significant digits.
 */

export type CalcResult = { ok: true; value: number; text: string } | { ok: false; text: string };

export const CALC_ERROR_TEXT = '算式有误';

/** 1.2345678901e3 → "1234.56789"; tiny float noise (0.1 + 0.2) is rounded away. */
export function formatCalcNumber(value: number): string {
  if (!Number.isFinite(value)) return CALC_ERROR_TEXT;
  const rounded = Number(value.toPrecision(10));
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

class Parser {
  private pos = 0;

  constructor(private readonly src: string) {}

  parse(): number {
    const value = this.sum();
    if (this.pos !== this.src.length) throw new Error('trailing input');
    return value;
  }

  private peek(): string {
    return this.src[this.pos] ?? '';
  }

  private sum(): number {
    let value = this.product();
    for (;;) {
      const op = this.peek();
      if (op !== '+' && op !== '-') return value;
      this.pos += 1;
      const right = this.product();
      value = op === '+' ? value + right : value - right;
    }
  }

  private product(): number {
    let value = this.unary();
    for (;;) {
      const op = this.peek();
      if (op !== '*' && op !== '/') return value;
      this.pos += 1;
      const right = this.unary();
      if (op === '/' && right === 0) throw new Error('division by zero');
      value = op === '*' ? value * right : value / right;
    }
  }

  private unary(): number {
    if (this.peek() === '-') {
      this.pos += 1;
      return -this.unary();
    }
    if (this.peek() === '+') {
      this.pos += 1;
      return this.unary();
    }
    return this.percent();
  }

  private percent(): number {
    let value = this.atom();
    while (this.peek() === '%') {
      this.pos += 1;
      value /= 100;
    }
    return value;
  }

  private atom(): number {
    if (this.peek() === '(') {
      this.pos += 1;
      const value = this.sum();
      if (this.peek() !== ')') throw new Error('missing )');
      this.pos += 1;
      return value;
    }
    const match = /^\d+(?:\.\d*)?|^\.\d+/.exec(this.src.slice(this.pos));
    if (!match) throw new Error('number expected');
    this.pos += match[0].length;
    return Number(match[0]);
  }
}

/** Evaluates what the student typed or tapped; × ÷ and full-width signs are accepted. */
export function evaluate(expression: string): CalcResult {
  const src = expression
    .replace(/[×xX＊]/g, '*')
    .replace(/[÷／]/g, '/')
    .replace(/[－−]/g, '-')
    .replace(/＋/g, '+')
    .replace(/[（]/g, '(')
    .replace(/[）]/g, ')')
    .replace(/％/g, '%')
    .replace(/\s+/g, '');
  if (src === '') return { ok: false, text: '' };
  try {
    const value = new Parser(src).parse();
    if (!Number.isFinite(value)) return { ok: false, text: CALC_ERROR_TEXT };
    return { ok: true, value, text: formatCalcNumber(value) };
  } catch {
    return { ok: false, text: CALC_ERROR_TEXT };
  }
}
