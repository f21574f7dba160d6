// Create or edit an endpoint: URL, description and the events it receives.
import { WEBHOOK_EVENTS, type WebhookEventType } from '@mailwright/contracts';
import { useState } from 'react';
import { buttonStyles, inputStyles } from '../../components/styles';

export interface WebhookFormValues {
  url: string;
  description: string;
  events: WebhookEventType[];
}

export function WebhookForm({
  initial,
  submitLabel,
  isPending,
  onSubmit,
  onCancel,
}: {
  initial?: WebhookFormValues;
  submitLabel: string;
  isPending: boolean;
  onSubmit: (values: WebhookFormValues) => void;
  onCancel: () => void;
}) {
  const [url, setUrl] = useState(initial?.url ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [events, setEvents] = useState<WebhookEventType[]>(initial?.events ?? ['email.sent', 'email.failed']);
  const toggle = (event: WebhookEventType) =>
    setEvents((current) => (current.includes(event) ? current.filter((e) => e !== event) : [...current, event]));
  return (
    <form
      className="space-y-4 p-4 sm:p-5"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit({ url: url.trim(), description: description.trim(), events });
      }}
    >
      <label className="block text-sm font-medium text-slate-700">
        Endpoint URL
        <input
          className={`${inputStyles} mt-1`}
          type="url"
          required
          placeholder="https://example.com/hooks/mailwright"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
        />
      </label>
      <label className="block text-sm font-medium text-slate-700">
        Description (optional)
        <input
          className={`${inputStyles} mt-1`}
          maxLength={200}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
      </label>
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">Events</legend>
        <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-3">
          {WEBHOOK_EVENTS.map((event) => (
            <label key={event} className="flex items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" checked={events.includes(event)} onChange={() => toggle(event)} />
              <code>{event}</code>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex gap-2">
        <button type="submit" className={buttonStyles.primary} disabled={isPending || events.length === 0}>
          {submitLabel}
        </button>
        <button type="button" className={buttonStyles.secondary} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
