import { Link } from 'wouter';

export interface RowOption<V> {
  label: string;
  value: V;
}

/**
 * One filter list as a row of links (not buttons or tabs): the choice lives in the URL, so a
 * copied link, a reload and back/forward show the same list. The chosen option is aria-current.
 */
export function FilterRow<V extends string | number | null>({
  id,
  label,
  options,
  selected,
  hrefOf,
}: {
  id: string;
  label: string;
  options: readonly RowOption<V>[];
  selected: V;
  hrefOf: (value: V) => string;
}) {
  return (
    <div className="xt-filter-row" role="group" aria-labelledby={id}>
      <span id={id} className="xt-filter-row__label">
        {label}
      </span>
      <ul className="xt-filter-row__options">
        {options.map((option) => (
          <li key={String(option.value)}>
            <Link href={hrefOf(option.value)} className="xt-filter-row__option" aria-current={option.value === selected ? 'true' : undefined}>
              {option.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A filter row's place while the options load: the same height, so nothing below moves when they come. */
export function FilterRowSkeleton() {
  return (
    <div className="xt-filter-row" aria-hidden>
      <span className="xt-filter-row__label xt-filter-row__label--skeleton" />
      <span className="xt-filter-row__options">
        {Array.from({ length: 4 }, (_, i) => (
          <span key={i} className="xt-filter-row__option xt-filter-row__option--skeleton" />
        ))}
      </span>
    </div>
  );
}
