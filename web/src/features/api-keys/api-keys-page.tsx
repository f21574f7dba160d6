// /api-keys: name, masked key, last used (or Never), Active/Inactive toggle, Delete; Create API Key.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type ApiKey, apiKeysApi } from '../../api';
import { buttonStyles } from '../../components/styles';
import { formatViewerTime } from '../emails/format-email-time';
import { PageHeading } from '../layout/page-heading';
import { ResourceList } from '../layout/resource-list';
import { ConfirmButton } from '../layout/row-buttons';
import { useLoadErrorNotice } from '../notices/use-load-error-notice';
import { useNotifyingMutation } from '../notices/use-notifying-mutation';
import { ActiveSwitch } from './active-switch';
import { CreateApiKeyDialog } from './create-api-key-dialog';

const keysKey = ['api-keys'] as const;

export function ApiKeysPage() {
  const keys = useQuery({ queryKey: keysKey, queryFn: apiKeysApi.list });
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const [created, setCreated] = useState<ApiKey | null>(null);

  useLoadErrorNotice(keys.isError, 'Failed to fetch API keys', 'keys-fetch');

  const create = useNotifyingMutation({
    mutationFn: apiKeysApi.create,
    success: 'API key created',
    failure: 'Failed to create API key',
    invalidates: keysKey,
    onSuccess: (key) => setCreated(key),
  });
  const toggle = useNotifyingMutation({
    mutationFn: apiKeysApi.toggle,
    success: 'API key status updated',
    failure: 'Failed to update',
    invalidates: keysKey,
  });
  const remove = useNotifyingMutation({
    mutationFn: apiKeysApi.remove,
    success: 'API key deleted',
    failure: 'Failed to delete',
    invalidates: keysKey,
  });

  return (
    <>
      <PageHeading
        title="API Keys"
        description="Send with POST /api/emails/api/send and an X-API-Key header. API access is part of the Pro and Enterprise plans."
        actions={
          <button type="button" className={buttonStyles.primary} onClick={() => setIsDialogOpen(true)}>
            Create API Key
          </button>
        }
      />
      <ResourceList
        items={keys.data ?? []}
        isPending={keys.isPending}
        empty="No API keys yet."
        itemKey={(key) => key.id}
        rowTestId="api-key-row"
        renderRow={(key) => (
          <>
            <div className="min-w-0">
              <p className="truncate font-semibold text-slate-900">{key.name}</p>
              <code className="block truncate font-mono text-sm text-slate-600">{key.key}</code>
              <p className="text-xs text-slate-500">Last used: {key.lastUsed ? formatViewerTime(key.lastUsed) : 'Never'}</p>
            </div>
            <div className="flex items-center gap-3">
              <ActiveSwitch
                name={key.name}
                isActive={key.isActive}
                disabled={toggle.isPending}
                onToggle={() => toggle.mutate(key.id)}
              />
              <ConfirmButton tone="danger" question="Delete this API key?" onConfirm={() => remove.mutate(key.id)}>
                Delete
              </ConfirmButton>
            </div>
          </>
        )}
      />
      {isDialogOpen && (
        <CreateApiKeyDialog
          created={created}
          isSaving={create.isPending}
          onCreate={(name) => create.mutate(name)}
          onClose={() => {
            setIsDialogOpen(false);
            setCreated(null);
          }}
        />
      )}
    </>
  );
}
