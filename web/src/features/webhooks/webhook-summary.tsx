// What a webhook row says about its endpoint: URL, description, events, enabled or disabled (and why),
// and since when deliveries have been failing.
import type { WebhookEndpoint } from '../../api';
import { formatViewerTime } from '../emails/format-email-time';

export function WebhookSummary({ endpoint }: { endpoint: WebhookEndpoint }) {
  return (
    <div className="min-w-0">
      <p className="break-all font-mono text-sm font-semibold text-slate-900">{endpoint.url}</p>
      {endpoint.description && <p className="text-sm text-slate-600">{endpoint.description}</p>}
      <p className="mt-1 text-xs text-slate-500">{endpoint.events.join(', ')}</p>
      <p className="mt-1 text-xs">
        {endpoint.enabled ? (
          <span className="font-semibold text-emerald-700">Enabled</span>
        ) : (
          <span className="font-semibold text-red-700">Disabled</span>
        )}
        {endpoint.enabled && endpoint.failingSince && (
          <span className="ml-2 text-amber-700">Failing since {formatViewerTime(endpoint.failingSince)}</span>
        )}
      </p>
      {!endpoint.enabled && endpoint.disabledReason && (
        <p className="mt-1 text-sm text-red-700" data-testid="webhook-disabled-reason">
          {endpoint.disabledReason}
        </p>
      )}
    </div>
  );
}
