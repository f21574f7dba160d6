// /api-keys: name, masked key, last used (or Never), Active/Inactive toggle, Delete; Create API Key.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { type ApiKey, apiKeysApi, errorMessage } from '../../api';
import { Spinner } from '../../components/spinner';
import { buttonStyles, focusRing } from '../../components/styles';
import { formatEmailTime } from '../emails/format-email-time';
import { cardStyles, dangerButtonStyles, EmptyState, PageHeading } from '../layout/page-heading';
import { CreateApiKeyDialog } from './create-api-key-dialog';

const keysKey = ['api-keys'] as const;

export function ApiKeysPage() {
  const queryClient = useQueryClient();
  const keys = useQuery({ queryKey: keysKey, queryFn: apiKeysApi.list });
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const [created, setCreated] = useState<ApiKey | null>(null);

  useEffect(() => {
    if (keys.isError) toast.error('Failed to fetch API keys', { id: 'keys-fetch' });
  }, [keys.isError]);

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

  const list = keys.data ?? [];
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
      <section className={cardStyles}>
        {keys.isPending ? (
          <div className="flex justify-center py-12">
            <Spinner />
          </div>
        ) : list.length === 0 ? (
          <EmptyState>No API keys yet.</EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100">
            {list.map((key) => (
              <li
                key={key.id}
                className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5"
                data-testid="api-key-row"
              >
                <div className="min-w-0">
                  <p className="truncate font-semibold text-slate-900">{key.name}</p>
                  <code className="block truncate font-mono text-sm text-slate-600">{key.key}</code>
                  <p className="text-xs text-slate-500">Last used: {key.lastUsed ? formatEmailTime(key.lastUsed) : 'Never'}</p>
                </div>
                <div className="flex items-center gap-3">
                  <button
                    type="button"
                    role="switch"
                    aria-checked={key.isActive}
                    aria-label={`${key.name} active`}
                    disabled={toggle.isPending}
                    onClick={() => toggle.mutate(key.id)}
                    className={`inline-flex items-center gap-2 rounded-full py-1 pl-1 pr-3 text-xs font-semibold ${focusRing} ${
                      key.isActive ? 'bg-emerald-100 text-emerald-800' : 'bg-slate-100 text-slate-600'
                    }`}
                  >
                    <span
                      className={`relative h-5 w-9 rounded-full transition ${key.isActive ? 'bg-emerald-500' : 'bg-slate-300'}`}
                    >
                      <span
                        className={`absolute top-0.5 h-4 w-4 rounded-full bg-white shadow transition-all ${key.isActive ? 'left-[1.125rem]' : 'left-0.5'}`}
                      />
                    </span>
                    {key.isActive ? 'Active' : 'Inactive'}
                  </button>
                  <button
                    type="button"
                    className={`${dangerButtonStyles} px-3 py-1.5`}
                    onClick={() => {
                      if (window.confirm('Delete this API key?')) remove.mutate(key.id);
                    }}
                  >
                    Delete
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
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
