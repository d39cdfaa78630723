import type { ReactNode } from 'react';
import type { PageDataContext } from '../../machines/shared/pageData';
import { ErrorState, LoadingState } from './LoadState';

/** What a view needs of a pageData flow's snapshot: its states are flat, so the value names the state. */
interface PageDataSnapshot<T> {
  value: string;
  context: Pick<PageDataContext<T>, 'data' | 'error'>;
}

interface PageDataBodyProps<T> {
  page: PageDataSnapshot<T>;
  onRetry: () => void;
  children: (data: T) => ReactNode;
  /** The `empty` outcome's screen, for a flow that has one. */
  empty?: ReactNode;
  /** What shows while the data loads (a page's skeleton); the spinner by default. */
  loading?: ReactNode;
}

/** A page's data load (machines/shared/pageData.ts) on screen: loading, the error with 重新加载, empty, or the loaded content. */
export function PageDataBody<T>({ page, onRetry, children, empty, loading = <LoadingState /> }: PageDataBodyProps<T>) {
  if (page.value === 'loaded' && page.context.data) return children(page.context.data);
  if (page.value === 'failed') return <ErrorState message={page.context.error ?? ''} onRetry={onRetry} />;
  if (empty !== undefined && page.value === 'empty') return empty;
  return loading;
}
