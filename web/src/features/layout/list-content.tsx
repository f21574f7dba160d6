// What a signed-in list shows in its card: a spinner while loading, the empty text when there is nothing,
// otherwise the list itself.
import type { ReactNode } from 'react';
import { Spinner } from '../../components/spinner';
import { EmptyState } from './page-heading';

interface ListContentProps {
  isPending: boolean;
  isEmpty: boolean;
  /** The sentence shown when there is nothing to list. */
  empty: ReactNode;
  children: ReactNode;
}

export function ListContent({ isPending, isEmpty, empty, children }: ListContentProps) {
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
