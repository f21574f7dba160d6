// The card of a resource screen (email accounts, templates, API keys, webhooks): one row per item, each
// row marked by `rowTestId`, with the loading and empty states of ListContent.
import type { ReactNode } from 'react';
import { ListContent, type ListLoadError } from './list-content';
import { cardStyles } from './page-heading';

/** A row with its details on the left and its buttons on the right (stacked on small screens). */
export const detailsAndActionsRow = 'flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5';

interface ResourceListProps<T> {
  items: readonly T[];
  isPending: boolean;
  empty: ReactNode;
  /** Set when the list failed to load (a Retry button is shown). */
  error?: ListLoadError | null;
  itemKey: (item: T) => string;
  rowTestId: string;
  rowClassName?: string;
  renderRow: (item: T) => ReactNode;
}

export function ResourceList<T>({
  items,
  isPending,
  empty,
  error,
  itemKey,
  rowTestId,
  rowClassName = detailsAndActionsRow,
  renderRow,
}: ResourceListProps<T>) {
  return (
    <section className={cardStyles}>
      <ListContent isPending={isPending} isEmpty={items.length === 0} empty={empty} error={error}>
        <ul className="divide-y divide-slate-100">
          {items.map((item) => (
            <li key={itemKey(item)} className={rowClassName} data-testid={rowTestId}>
              {renderRow(item)}
            </li>
          ))}
        </ul>
      </ListContent>
    </section>
  );
}
