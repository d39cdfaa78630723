/** /demo-components/calculator: the answering screen's calculator (questionBank/ExamCalculator.tsx), working, and what each key does. */
import { useState } from 'react';
import { CALCULATOR_KEY_ACTIONS, DEMO_TEXTS } from '../../../domain/site/demoComponents.texts';
import { CALCULATOR_KEYS, ExamCalculator } from '../../questionBank/ExamCalculator';
import { DemoPage, DemoSection } from './DemoPage';
import type { RouteViewProps } from '../../../routeTypes';

const T = DEMO_TEXTS.calculator;

export default function DemoCalculatorView({ route }: RouteViewProps) {
  const [open, setOpen] = useState(true);
  return (
    <DemoPage title={T.title} routeTitle={route.title}>
      <DemoSection text={T.working} testId="demo-calculator">
        <div className="xt-demo__calc">
          {open ? (
            <ExamCalculator onClose={() => setOpen(false)} />
          ) : (
            <p className="xt-demo__note">
              {T.closed}{' '}
              <button type="button" className="xt-btn" onClick={() => setOpen(true)}>
                {T.reopen}
              </button>
            </p>
          )}
        </div>
      </DemoSection>
      <DemoSection text={T.keys} testId="demo-calculator-keys">
        <table className="xt-demo__keys">
          <thead>
            <tr>
              <th scope="col">{T.keyHeader}</th>
              <th scope="col">{T.actionHeader}</th>
            </tr>
          </thead>
          <tbody>
            {CALCULATOR_KEYS.map((key) => (
              <tr key={key}>
                <td>
                  <span className="xt-demo__key">{key}</span>
                </td>
                <td>{CALCULATOR_KEY_ACTIONS[key]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </DemoSection>
    </DemoPage>
  );
}
