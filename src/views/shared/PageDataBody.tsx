import type { ReactNode } from 'react';
import type { PageDataContext } from '../../machines/shared/pageData';
import { ErrorState, LoadingState } from './LoadState';

/** What a view needs of a pageData flow's snapshot. */
interface PageDataSnapshot<T> {
  matches(state: 'loaded' | 'failed'): boolean;
  context: PageDataContext<T>;
}

/** A page's data load (machines/pageData.ts) on screen: loading, the error with 重新加载, or the loaded content. */
export function PageDataBody<T>({ page, onRetry, children }: { page: PageDataSnapshot<T>; onRetry: () => void; children: (data: T) => ReactNode }) {
  if (page.matches('loaded') && page.context.data) return children(page.context.data);
  if (page.matches('failed')) return <ErrorState message={page.context.error ?? ''} onRetry={onRetry} />;
  return <LoadingState />;
}
