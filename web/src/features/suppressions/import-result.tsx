// What a CSV import did: rows read, addresses added, already listed, invalid rows and the first errors.
import type { SuppressionImportResult } from '../../api';

const count = (value: number) => value.toLocaleString('en-US');

export function ImportResult({ result }: { result: SuppressionImportResult }) {
  const figures = [
    { label: 'Rows read', value: result.rows },
    { label: 'Added', value: result.added },
    { label: 'Already listed', value: result.alreadyListed },
    { label: 'Invalid', value: result.invalid },
  ];
  return (
    <div data-testid="import-result" aria-live="polite">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {figures.map(({ label, value }) => (
          <div key={label} className="rounded-lg bg-slate-50 p-3">
            <dt className="text-xs font-medium text-slate-500">{label}</dt>
            <dd className={`text-lg font-semibold ${label === 'Invalid' && value > 0 ? 'text-red-700' : 'text-slate-900'}`}>
              {count(value)}
            </dd>
          </div>
        ))}
      </dl>
      {result.errors.length > 0 && (
        <div className="mt-4">
          <h3 className="text-sm font-semibold text-slate-900">
            {result.invalid > result.errors.length ? `The first ${result.errors.length} invalid rows` : 'Invalid rows'}
          </h3>
          <ul className="mt-1 max-h-48 overflow-y-auto rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            {result.errors.map((error) => (
              <li key={error.line} className="break-words">
                Line {error.line}: {error.message}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
