// The recent deliveries of one endpoint with each attempt's status code, error and duration.
import { useQuery } from '@tanstack/react-query';
import { webhooksApi } from '../../api';
import { Spinner } from '../../components/spinner';
import { formatViewerTime } from '../emails/format-email-time';

const statusStyles: Record<string, string> = {
  succeeded: 'bg-emerald-100 text-emerald-800',
  retrying: 'bg-amber-100 text-amber-800',
  pending: 'bg-slate-100 text-slate-700',
  failed: 'bg-red-100 text-red-800',
};

export function WebhookDeliveries({ endpointId }: { endpointId: string }) {
  const deliveries = useQuery({
    queryKey: ['webhooks', endpointId, 'deliveries'],
    queryFn: () => webhooksApi.deliveries(endpointId),
    refetchInterval: 5_000,
  });
  if (deliveries.isPending) {
    return (
      <div className="flex justify-center py-6">
        <Spinner />
      </div>
    );
  }
  const list = deliveries.data ?? [];
  if (list.length === 0) return <p className="py-4 text-sm text-slate-500">No deliveries yet.</p>;
  return (
    <ul className="divide-y divide-slate-100 text-sm" data-testid="webhook-deliveries">
      {list.map((delivery) => (
        <li key={delivery.id} className="py-2">
          <div className="flex flex-wrap items-center gap-2">
            <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusStyles[delivery.status] ?? ''}`}>
              {delivery.status}
            </span>
            <code className="text-slate-800">{delivery.event}</code>
            <span className="text-slate-500">{formatViewerTime(delivery.createdAt)}</span>
            <span className="text-slate-500">
              {delivery.attempts} attempt{delivery.attempts === 1 ? '' : 's'}
              {delivery.responseStatus !== null ? ` · HTTP ${delivery.responseStatus}` : ''}
            </span>
            {delivery.nextAttemptAt && (
              <span className="text-slate-500">next try {formatViewerTime(delivery.nextAttemptAt)}</span>
            )}
          </div>
          {delivery.error && <p className="mt-1 break-words text-xs text-red-700">{delivery.error}</p>}
          {delivery.attemptLog.length > 0 && (
            <details className="mt-1">
              <summary className="cursor-pointer text-xs text-slate-500">Attempts</summary>
              <ol className="mt-1 space-y-0.5 text-xs text-slate-600">
                {delivery.attemptLog.map((attempt) => (
                  <li key={attempt.attempt}>
                    #{attempt.attempt} {formatViewerTime(attempt.at)} · {attempt.responseStatus ?? 'no answer'} ·{' '}
                    {attempt.durationMs} ms
                    {attempt.error ? ` · ${attempt.error}` : ''}
                  </li>
                ))}
              </ol>
            </details>
          )}
        </li>
      ))}
    </ul>
  );
}
