import type { ReactNode } from 'react';
import './pages.css';

/** A term / value list (公司名称 …, 当前版本 …) laid out in two aligned columns. */
export function FactList({ facts }: { facts: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="xt-facts">
      {facts.map(([term, value]) => (
        <div key={term} className="xt-facts__row">
          <dt className="xt-facts__term">{term}</dt>
          <dd className="xt-facts__value">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
