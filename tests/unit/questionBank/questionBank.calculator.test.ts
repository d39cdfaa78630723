/** The answering screen's calculator: precedence, parentheses, percent, signs, errors — never eval. */
import { describe, expect, it } from 'vitest';
import { CALC_ERROR_TEXT, evaluate } from '../../../src/domain/questionBank/calculator';

describe('calculator', () => {
  it('computes with the usual precedence', () => {
    expect(evaluate('100×(1+4%)×(1+4%)').text).toBe('108.16');
    expect(evaluate('13200000 ÷ (900 − 560 − 120)').text).toBe('60000');
    expect(evaluate('0.1+0.2').text).toBe('0.3');
    expect(evaluate('-3*-2').text).toBe('6');
    expect(evaluate('2+3*4').text).toBe('14');
    expect(evaluate('（1＋2）×3').text).toBe('9');
  });

  it('refuses what is not arithmetic', () => {
    expect(evaluate('1/0')).toEqual({ ok: false, text: CALC_ERROR_TEXT });
    expect(evaluate('2+')).toEqual({ ok: false, text: CALC_ERROR_TEXT });
    expect(evaluate('alert(1)')).toEqual({ ok: false, text: CALC_ERROR_TEXT });
    expect(evaluate('(1+2')).toEqual({ ok: false, text: CALC_ERROR_TEXT });
    expect(evaluate('  ')).toEqual({ ok: false, text: '' });
  });
});
