// A code sample with a Copy button (the button says "Copied!" for a moment after copying); the sample itself
// takes keyboard focus so a long line can be scrolled without a mouse.
import { useEffect, useRef, useState } from 'react';
import { copyToClipboard } from './copy-to-clipboard';
import { focusRing } from './styles';

export function CodeBlock({ code, label }: { code: string; label: string }) {
  const [isCopied, setIsCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  async function handleCopy() {
    try {
      await copyToClipboard(code);
      setIsCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setIsCopied(false), 2000);
    } catch {
      setIsCopied(false);
    }
  }

  return (
    <figure className="overflow-hidden rounded-xl border border-slate-800 bg-slate-900">
      <figcaption className="flex items-center justify-between border-b border-slate-800 px-4 py-2">
        <span className="text-xs font-medium text-slate-300">{label}</span>
        <button
          type="button"
          onClick={() => void handleCopy()}
          className={`rounded-md px-2 py-1 text-xs font-medium text-slate-300 hover:bg-slate-800 hover:text-white ${focusRing} focus-visible:ring-offset-slate-900`}
          aria-label={`Copy ${label}`}
        >
          <span aria-live="polite">{isCopied ? 'Copied!' : 'Copy'}</span>
        </button>
      </figcaption>
      {/* Focusable, so a keyboard can scroll a sample wider than the screen (WCAG 2.1.1). */}
      <section
        aria-label={label}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to be scrolled by keys
        tabIndex={0}
        className={`overflow-x-auto ${focusRing} focus-visible:ring-inset`}
      >
        <pre className="p-4 text-xs leading-relaxed text-slate-100 sm:text-sm">
          <code>{code}</code>
        </pre>
      </section>
    </figure>
  );
}
