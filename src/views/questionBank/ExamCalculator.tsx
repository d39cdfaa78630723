/** The on-screen calculator of the answering screen: type or tap an expression, = evaluates it (calculator.ts). */
import { useState } from 'react';
import { evaluate } from '../../domain/questionBank/calculator';
import './questionBank.css';

/** The keys, in the order of the 4-column pad (the component demo lists them from here). */
export const CALCULATOR_KEYS = ['7', '8', '9', '÷', '4', '5', '6', '×', '1', '2', '3', '−', '0', '.', '%', '+', '(', ')', 'C', '='] as const;

export function ExamCalculator({ onClose }: { onClose: () => void }) {
  const [expression, setExpression] = useState('');
  const [result, setResult] = useState('');
  const press = (key: (typeof CALCULATOR_KEYS)[number]) => {
    if (key === 'C') {
      setExpression('');
      setResult('');
    } else if (key === '=') setResult(evaluate(expression).text);
    else setExpression((text) => text + key);
  };
  return (
    <section className="xt-calc" aria-label="计算器">
      <header className="xt-calc__head">
        <span>计算器</span>
        <button type="button" className="xt-calc__close" onClick={onClose} aria-label="关闭计算器">
          ×
        </button>
      </header>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setResult(evaluate(expression).text);
        }}
      >
        <label className="xt-sr-only" htmlFor="xt-calc-input">
          算式
        </label>
        <input
          id="xt-calc-input"
          className="xt-calc__input"
          value={expression}
          onChange={(e) => setExpression(e.target.value)}
          inputMode="decimal"
          autoComplete="off"
        />
        <output className="xt-calc__result" aria-live="polite" htmlFor="xt-calc-input">
          {result || '0'}
        </output>
      </form>
      <div className="xt-calc__keys">
        {CALCULATOR_KEYS.map((key) => (
          <button key={key} type="button" className={`xt-calc__key${key === '=' ? ' xt-calc__key--equals' : ''}`} onClick={() => press(key)}>
            {key}
          </button>
        ))}
      </div>
    </section>
  );
}
