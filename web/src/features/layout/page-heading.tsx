// The title row of a signed-in screen: heading, optional description and actions on the right.

import type { ReactNode } from 'react';
import { buttonStyles } from '../../components/styles';

export function PageHeading({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  return (
    // The actions keep one row beside the title while the title keeps 20rem; with less room they move under it
    // as a whole (and wrap there only if the screen is narrower than the row), so no button is left on a line alone.
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0 flex-[1_1_20rem]">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

export const cardStyles = 'rounded-xl border border-slate-200 bg-white shadow-sm';

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="px-4 py-12 text-center text-sm text-slate-500">{children}</p>;
}

/** The secondary button in red, for Delete and Cancel actions. */
export const dangerButtonStyles = buttonStyles.secondary
  .replace('text-slate-700', 'text-red-600')
  .replace('hover:bg-slate-50', 'hover:bg-red-50');
