// /api-keys: name, masked key, scopes, last used (or Never), Active/Inactive toggle, Delete; Create API Key.
import { findPlan, PLANS } from '@mailwright/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { type ApiKey, apiKeysApi } from '../../api';
import { buttonStyles } from '../../components/styles';
import { useAuth } from '../auth';
import { AllowanceBadge, UpgradePlanLink } from '../billing/allowance-actions';
import { apiAccessPlansText } from '../billing/plan-allowance';
import { formatViewerTime } from '../emails/format-email-time';
import { useFormErrors } from '../forms/use-form-errors';
import { PageHeading } from '../layout/page-heading';
import { ResourceList } from '../layout/resource-list';
import { ConfirmButton } from '../layout/row-buttons';
import { useLoadErrorNotice } from '../notices/use-load-error-notice';
import { useNotifyingMutation } from '../notices/use-notifying-mutation';
import { ActiveSwitch } from './active-switch';
import { ApiAccessNotice } from './api-access-notice';
import { createApiKey } from './create-api-key';
import { CreateApiKeyDialog } from './create-api-key-dialog';
import { labelOfScope } from './scopes';

const keysKey = ['api-keys'] as const;
const KEY_FIELDS = { name: 'Key Name' };

export function ApiKeysPage() {
  const keys = useQuery({ queryKey: keysKey, queryFn: apiKeysApi.list });
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const [created, setCreated] = useState<ApiKey | null>(null);
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const createErrors = useFormErrors(KEY_FIELDS);
  const plan = user?.subscription?.plan ?? 'free';
  const hasApiAccess = findPlan(plan).apiAccess;

  useLoadErrorNotice(keys.isError, 'Failed to fetch API keys', 'keys-fetch');

  const create = useMutation({
    mutationFn: createApiKey,
    onMutate: createErrors.reset,
    onSuccess: (key) => {
      toast.success('API key created');
      setCreated(key);
      void queryClient.invalidateQueries({ queryKey: keysKey });
    },
    onError: (error) => createErrors.report(error, 'Failed to create API key'),
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
          <>
            {!hasApiAccess && (
              <>
                <AllowanceBadge testId="api-access-allowance">API access: {apiAccessPlansText(PLANS)}</AllowanceBadge>
                <UpgradePlanLink />
              </>
            )}
            <button
              type="button"
              className={buttonStyles.primary}
              disabled={!hasApiAccess}
              title={hasApiAccess ? undefined : `API access is part of the ${apiAccessPlansText(PLANS)} plans.`}
              onClick={() => setIsDialogOpen(true)}
            >
              Create API Key
            </button>
          </>
        }
      />
      {!hasApiAccess && <ApiAccessNotice hasKeys={(keys.data ?? []).length > 0} />}
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
              <p className="text-xs text-slate-500" data-testid="api-key-scopes">
                Scopes: {key.scopes.map(labelOfScope).join(', ')}
              </p>
              <p className="text-xs text-slate-500">Last used: {key.lastUsed ? formatViewerTime(key.lastUsed) : 'Never'}</p>
              {!hasApiAccess && (
                <p className="text-xs font-medium text-amber-800" data-testid="api-key-unusable">
                  Unusable on the {findPlan(plan).name} plan
                </p>
              )}
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
          onCreate={(key) => create.mutate(key)}
          nameError={createErrors.fields.name}
          onNameChange={() => createErrors.clear('name')}
          alert={createErrors.alert}
          onClose={() => {
            setIsDialogOpen(false);
            setCreated(null);
            createErrors.reset();
          }}
        />
      )}
    </>
  );
}
