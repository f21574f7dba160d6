// Previous / Page n of m / Next under a paged list; nothing when everything fits on one page.
import { buttonStyles } from '../../components/styles';

interface PagerProps {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}

export function Pager({ page, pages, onPage }: PagerProps) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="flex items-center justify-between border-t border-slate-200 px-4 py-3">
      <button
        type="button"
        className={`${buttonStyles.secondary} px-3 py-1.5`}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Previous
      </button>
      <span className="text-sm text-slate-600">
        Page {page} of {pages}
      </span>
      <button
        type="button"
        className={`${buttonStyles.secondary} px-3 py-1.5`}
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
