// An email's body as it was sent: HTML rendered in a sandboxed frame (sandbox="" — no scripts, no same-origin,
// no forms, no navigation of this page), plain text as text, with a Source toggle showing the HTML as written and
// the plain-text part when one was sent beside it.
import { useState } from 'react';
import { buttonStyles } from '../../components/styles';

/** Whether the body reads as HTML: a tag opens somewhere in it (a linear scan, no regular expression). */
export function looksLikeHtml(body: string): boolean {
  for (let i = body.indexOf('<'); i !== -1 && i < body.length - 1; i = body.indexOf('<', i + 1)) {
    const next = body.charAt(i + 1);
    if ((next >= 'a' && next <= 'z') || (next >= 'A' && next <= 'Z') || next === '!' || next === '/') return true;
  }
  return false;
}

/** The frame's document: the HTML as sent, with a base that opens any link followed in a new tab. */
export function frameDocument(html: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><base target="_blank"></head><body>${html}</body></html>`;
}

type View = 'rendered' | 'source' | 'text';

const preStyles =
  'max-h-96 overflow-auto whitespace-pre-wrap break-words rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800';

export function EmailBodyView({ body, text }: { body: string; text: string | null }) {
  const isHtml = looksLikeHtml(body);
  const [view, setView] = useState<View>('rendered');
  const views: { id: View; label: string }[] = [
    { id: 'rendered', label: isHtml ? 'Rendered' : 'Body' },
    ...(isHtml ? [{ id: 'source' as const, label: 'Source' }] : []),
    ...(text ? [{ id: 'text' as const, label: 'Text part' }] : []),
  ];
  return (
    <section className="mt-4" data-testid="email-body">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">Body</h3>
        {views.length > 1 && (
          <fieldset className="flex gap-1" aria-label="Body view">
            {views.map((option) => (
              <button
                key={option.id}
                type="button"
                aria-pressed={view === option.id}
                className={`${view === option.id ? buttonStyles.primary : buttonStyles.secondary} px-3 py-1.5 text-xs`}
                onClick={() => setView(option.id)}
              >
                {option.label}
              </button>
            ))}
          </fieldset>
        )}
      </div>
      {view === 'rendered' && isHtml && (
        <iframe
          title="Email body"
          sandbox=""
          srcDoc={frameDocument(body)}
          className="mt-2 h-96 w-full rounded-lg border border-slate-200 bg-white"
          data-testid="email-body-frame"
        />
      )}
      {view === 'rendered' && !isHtml && <pre className={`mt-2 font-sans ${preStyles}`}>{body}</pre>}
      {view === 'source' && (
        <pre className={`mt-2 font-mono ${preStyles}`} data-testid="email-body-source">
          {body}
        </pre>
      )}
      {view === 'text' && text && (
        <pre className={`mt-2 font-sans ${preStyles}`} data-testid="email-body-text">
          {text}
        </pre>
      )}
    </section>
  );
}
