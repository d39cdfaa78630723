import type { ReactNode } from 'react';
import { useContentPageStyles } from './contentPageStyles';

/** A term / value list (公司名称 …, 当前版本 …) laid out in two aligned columns. */
export function FactList({ facts }: { facts: readonly (readonly [string, ReactNode])[] }) {
  const styles = useContentPageStyles();
  return (
    <dl className={styles.facts}>
      {facts.map(([term, value]) => (
        <div key={term} className={styles.factRow}>
          <dt className={styles.factTerm}>{term}</dt>
          <dd className={styles.factValue}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
