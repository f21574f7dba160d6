// An ID with a copy button; the notice reads '<id> copied to clipboard' (spec section 8).
import toast from 'react-hot-toast';
import { copyToClipboard } from '../../components/copy-to-clipboard';
import { focusRing } from '../../components/styles';

export function CopyId({ id }: { id: string }) {
  return (
    <span className="inline-flex max-w-full items-center gap-1 text-xs text-slate-500">
      <span className="shrink-0">ID:</span>
      <code className="truncate rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-700">{id}</code>
      <button
        type="button"
        aria-label={`Copy ID ${id}`}
        title="Copy ID"
        onClick={() => void copyToClipboard(id).then(() => toast.success(`${id} copied to clipboard`))}
        className={`shrink-0 rounded p-1 text-slate-400 hover:bg-slate-100 hover:text-indigo-600 ${focusRing}`}
      >
        <svg viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="1.6" aria-hidden="true">
          <rect x="7" y="7" width="10" height="10" rx="2" />
          <path d="M13 7V5a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2h2" />
        </svg>
      </button>
    </span>
  );
}
