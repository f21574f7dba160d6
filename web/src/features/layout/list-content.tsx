// What a signed-in list shows in its card: a spinner while loading, the failure with a Retry button when
// it could not load, the empty text when there is nothing, otherwise the list itself.
import type { ReactNode } from 'react';
import { Spinner } from '../../components/spinner';
import { buttonStyles } from '../../components/styles';
import { EmptyState } from './page-heading';

/** A list that failed to load: what to say and how to try again. */
export interface ListLoadError {
  message: ReactNode;
  onRetry: () => void;
  isRetrying?: boolean;
}

interface ListContentProps {
  isPending: boolean;
  isEmpty: boolean;
  /** The sentence shown when there is nothing to list. */
  empty: ReactNode;
  /** Set when loading failed: shown instead of the (empty) list, with Retry. */
  error?: ListLoadError | null;
  children: ReactNode;
}

export function ListContent({ isPending, isEmpty, empty, error, children }: ListContentProps) {
  if (error) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 px-4 py-12 text-center">
        <p className="text-sm text-slate-700">{error.message}</p>
        <button type="button" className={buttonStyles.secondary} disabled={error.isRetrying} onClick={error.onRetry}>
          {error.isRetrying ? 'Retrying...' : 'Retry'}
        </button>
      </div>
    );
  }
  if (isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner />
      </div>
    );
  }
  if (isEmpty) return <EmptyState>{empty}</EmptyState>;
  return children;
}
