// A dialog over the page: native <dialog> opened modally (focus moves in and stays in, Escape closes, focus
// returns to the trigger; see use-modal-dialog.ts), scrolls when tall. While open it hosts the notices.
import { type ReactNode, useId, useRef } from 'react';
import { focusRing } from '../../components/styles';
import { lendNoticeHost } from '../notices/notice-host';
import { useModalDialog } from './use-modal-dialog';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons row at the bottom. */
  footer?: ReactNode;
  size?: 'md' | 'lg';
}

export function Modal({ title, onClose, children, footer, size = 'md' }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // While open the dialog hosts the notices, so they show above its backdrop.
  useModalDialog(ref, onClose, () => (ref.current ? lendNoticeHost(ref.current) : () => undefined));

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className={`m-auto w-[calc(100%-2rem)] ${size === 'lg' ? 'max-w-3xl' : 'max-w-lg'} max-h-[calc(100dvh-2rem)] overflow-hidden rounded-2xl border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-black/50`}
    >
      <div className="flex max-h-[calc(100dvh-2rem)] flex-col">
        <header className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close dialog"
            className={`-m-1 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-700 ${focusRing}`}
          >
            <svg viewBox="0 0 20 20" className="h-5 w-5" aria-hidden="true" fill="currentColor">
              <path d="M5.2 4 4 5.2 8.8 10 4 14.8 5.2 16l4.8-4.8 4.8 4.8 1.2-1.2L11.2 10 16 5.2 14.8 4 10 8.8z" />
            </svg>
          </button>
        </header>
        <div
          className="overflow-y-auto px-5 py-4"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a tall dialog body must take focus to be scrolled by keys
          tabIndex={0}
        >
          {children}
        </div>
        {footer && <footer className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-5 py-3">{footer}</footer>}
      </div>
    </dialog>
  );
}
