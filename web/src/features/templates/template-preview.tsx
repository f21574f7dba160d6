// Live preview of a template as it will be sent: placeholders filled from the given values, HTML bodies
// rendered in a sandboxed frame (no scripts), plain bodies as text.
import { renderedTooLongMessage, renderTemplate } from '@mailwright/contracts';

export function TemplatePreview({ subject, body, values }: { subject: string; body: string; values: Record<string, string> }) {
  const filled = Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== ''));
  const result = renderTemplate({ subject, body }, filled);
  return (
    <section aria-label="Preview" className="overflow-hidden rounded-lg border border-slate-200" data-testid="template-preview">
      <div className="border-b border-slate-200 bg-slate-50 px-4 py-2">
        <p className="text-xs font-medium uppercase tracking-wide text-slate-500">Preview</p>
        <p className="mt-1 break-words text-sm font-semibold text-slate-900">{result.subject || '(no subject)'}</p>
      </div>
      {result.tooLong && (
        <p className="border-b border-slate-200 bg-amber-50 px-4 py-2 text-xs text-amber-800">
          {renderedTooLongMessage(result.tooLong)}
        </p>
      )}
      {result.isHtml ? (
        <iframe title="Email body preview" sandbox="" srcDoc={result.body} className="h-64 w-full bg-white" />
      ) : (
        <pre className="max-h-64 overflow-auto whitespace-pre-wrap break-words px-4 py-3 font-sans text-sm text-slate-800">
          {result.body || '(empty body)'}
        </pre>
      )}
      {result.missing.length > 0 && (
        <p className="border-t border-slate-200 bg-amber-50 px-4 py-2 text-xs text-amber-800">
          Not filled: {result.missing.join(', ')}
        </p>
      )}
    </section>
  );
}
