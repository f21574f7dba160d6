// /api-keys: name, masked key, last used (or Never), Active/Inactive toggle, Delete; Create API Key.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { type ApiKey, apiKeysApi, errorMessage } from '../../api';
import { buttonStyles } from '../../components/styles';
import { formatEmailTime } from '../emails/format-email-time';
import { PageHeading } from '../layout/page-heading';
import { ResourceList } from '../layout/resource-list';
import { ConfirmButton } from '../layout/row-buttons';
import { useLoadErrorNotice } from '../notices/use-load-error-notice';
import { ActiveSwitch } from './active-switch';
import { CreateApiKeyDialog } from './create-api-key-dialog';

const keysKey = ['api-keys'] as const;

export function ApiKeysPage() {
  const queryClient = useQueryClient();
  const keys = useQuery({ queryKey: keysKey, queryFn: apiKeysApi.list });
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const [created, setCreated] = useState<ApiKey | null>(null);

  useLoadErrorNotice(keys.isError, 'Failed to fetch API keys', 'keys-fetch');

  const refresh = () => queryClient.invalidateQueries({ queryKey: keysKey });

  const create = useMutation({
    mutationFn: apiKeysApi.create,
    onSuccess: (key) => {
      toast.success('API key created');
      setCreated(key);
      void refresh();
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to create API key')),
  });
  const toggle = useMutation({
    mutationFn: apiKeysApi.toggle,
    onSuccess: () => {
      toast.success('API key status updated');
      void refresh();
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to update')),
  });
  const remove = useMutation({
    mutationFn: apiKeysApi.remove,
    onSuccess: () => {
      toast.success('API key deleted');
      void refresh();
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to delete')),
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
              <p className="text-xs text-slate-500">Last used: {key.lastUsed ? formatEmailTime(key.lastUsed) : 'Never'}</p>
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
