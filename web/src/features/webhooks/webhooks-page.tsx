// /webhooks: endpoints that receive signed email events; create, edit, enable/disable, rotate the secret,
// send a test event, delete, and see recent deliveries. A disabled endpoint shows why.

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { webhooksApi } from '../../api';
import { buttonStyles } from '../../components/styles';
import { cardStyles, PageHeading } from '../layout/page-heading';
import { ResourceList } from '../layout/resource-list';
import { ConfirmButton, RowButton } from '../layout/row-buttons';
import { useLoadErrorNotice } from '../notices/use-load-error-notice';
import { useNotifyingMutation } from '../notices/use-notifying-mutation';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookForm } from './webhook-form';
import { WebhookSummary } from './webhook-summary';

const listKey = ['webhooks'] as const;

export function WebhooksPage() {
  const queryClient = useQueryClient();
  const endpoints = useQuery({ queryKey: listKey, queryFn: webhooksApi.list });
  const [isCreating, setIsCreating] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [secret, setSecret] = useState<{ id: string; secret: string } | null>(null);

  useLoadErrorNotice(endpoints.isError, 'Failed to fetch webhooks', 'webhooks-fetch');

  const create = useNotifyingMutation({
    mutationFn: webhooksApi.create,
    success: 'Webhook endpoint added',
    failure: 'Failed to add the endpoint',
    invalidates: listKey,
    onSuccess: (created) => {
      setSecret({ id: created.id, secret: created.secret });
      setIsCreating(false);
    },
  });
  const update = useNotifyingMutation({
    mutationFn: webhooksApi.update,
    success: 'Webhook endpoint updated',
    failure: 'Failed to update the endpoint',
    invalidates: listKey,
    onSuccess: () => setEditing(null),
  });
  const rotate = useNotifyingMutation({
    mutationFn: webhooksApi.rotateSecret,
    success: 'Signing secret rotated',
    failure: 'Failed to rotate the secret',
    onSuccess: (rotated) => setSecret({ id: rotated.id, secret: rotated.secret }),
  });
  const test = useNotifyingMutation({
    mutationFn: webhooksApi.test,
    failure: 'Failed to send the test event',
    // The delivery's own outcome is the notice.
    onSuccess: (delivery) => {
      if (delivery.status === 'succeeded') toast.success(`Test event delivered (HTTP ${delivery.responseStatus})`);
      else toast.error(delivery.error ?? 'Test event failed');
      void queryClient.invalidateQueries({ queryKey: ['webhooks', delivery.endpointId, 'deliveries'] });
      setOpen(delivery.endpointId);
    },
  });
  const remove = useNotifyingMutation({
    mutationFn: webhooksApi.remove,
    success: 'Webhook endpoint deleted',
    failure: 'Failed to delete',
    invalidates: listKey,
  });

  return (
    <>
      <PageHeading
        title="Webhooks"
        description={
          <>
            Receive signed email events (sent, failed, opened, clicked, scheduled, cancelled) at your own URL. Verify the{' '}
            <code>Mailwright-Signature</code> header as shown in the{' '}
            <a className="font-medium text-indigo-600" href="/api/reference">
              API reference
            </a>
            .
          </>
        }
        actions={
          <button type="button" className={buttonStyles.primary} onClick={() => setIsCreating(true)}>
            Add Endpoint
          </button>
        }
      />
      {secret && (
        <section className={`${cardStyles} mb-4 border-amber-300 bg-amber-50 p-4`} role="status">
          <p className="text-sm font-semibold text-amber-900">Signing secret — copy it now, it is not shown again:</p>
          <code className="mt-2 block break-all font-mono text-sm text-slate-900" data-testid="webhook-secret">
            {secret.secret}
          </code>
          <button type="button" className={`${buttonStyles.secondary} mt-3`} onClick={() => setSecret(null)}>
            Done
          </button>
        </section>
      )}
      {isCreating && (
        <section className={`${cardStyles} mb-4`}>
          <WebhookForm
            submitLabel="Add Endpoint"
            isPending={create.isPending}
            onCancel={() => setIsCreating(false)}
            onSubmit={(values) =>
              create.mutate({ url: values.url, events: values.events, description: values.description || undefined })
            }
          />
        </section>
      )}
      <ResourceList
        items={endpoints.data ?? []}
        isPending={endpoints.isPending}
        empty="No webhook endpoints yet."
        itemKey={(endpoint) => endpoint.id}
        rowTestId="webhook-row"
        rowClassName="p-4 sm:p-5"
        renderRow={(endpoint) => (
          <>
            {editing === endpoint.id ? (
              <WebhookForm
                initial={{ url: endpoint.url, description: endpoint.description ?? '', events: endpoint.events }}
                submitLabel="Save"
                isPending={update.isPending}
                onCancel={() => setEditing(null)}
                onSubmit={(values) => update.mutate({ id: endpoint.id, ...values })}
              />
            ) : (
              <div className="flex flex-col gap-3 lg:flex-row lg:items-start lg:justify-between">
                <WebhookSummary endpoint={endpoint} />
                <div className="flex flex-wrap gap-2">
                  <RowButton onClick={() => update.mutate({ id: endpoint.id, enabled: !endpoint.enabled })}>
                    {endpoint.enabled ? 'Disable' : 'Enable'}
                  </RowButton>
                  <RowButton disabled={!endpoint.enabled || test.isPending} onClick={() => test.mutate(endpoint.id)}>
                    Send Test
                  </RowButton>
                  <RowButton onClick={() => setEditing(endpoint.id)}>Edit</RowButton>
                  <ConfirmButton
                    question="Rotate the signing secret? The old one stops working at once."
                    onConfirm={() => rotate.mutate(endpoint.id)}
                  >
                    Rotate Secret
                  </ConfirmButton>
                  <RowButton
                    aria-expanded={open === endpoint.id}
                    onClick={() => setOpen(open === endpoint.id ? null : endpoint.id)}
                  >
                    Deliveries
                  </RowButton>
                  <ConfirmButton
                    tone="danger"
                    question="Delete this webhook endpoint?"
                    onConfirm={() => remove.mutate(endpoint.id)}
                  >
                    Delete
                  </ConfirmButton>
                </div>
              </div>
            )}
            {open === endpoint.id && (
              <div className="mt-3 border-t border-slate-100 pt-3">
                <WebhookDeliveries endpointId={endpoint.id} />
              </div>
            )}
          </>
        )}
      />
    </>
  );
}
