import { useState } from 'react';
import { type Template, type TemplateBody, templatesApi } from '../../api';
import { buttonStyles } from '../../components/styles';
import { useAuth } from '../auth';
import { AllowanceActions, limitReachedText } from '../billing/allowance-actions';
import { allowanceOf, planOf } from '../billing/plan-allowance';
import { useFormErrors } from '../forms/use-form-errors';
import { CopyId } from '../layout/copy-id';
import { PageHeading } from '../layout/page-heading';
import { ResourceList } from '../layout/resource-list';
import { ConfirmButton, RowButton } from '../layout/row-buttons';
import { useLoadErrorNotice } from '../notices/use-load-error-notice';
import { useNotifyingMutation } from '../notices/use-notifying-mutation';
import { templatesKey, useTemplates } from './queries';
import { TemplateDialog } from './template-dialog';

type DialogState = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; template: Template };

const TEMPLATE_FIELDS = { name: 'Template Name', subject: 'Subject', body: 'Body' };

export function variablesText(variables: string[]): string {
  return `Variables: ${variables.length ? variables.join(', ') : 'None'}`;
}

export function TemplatesPage() {
  const templates = useTemplates();
  const [dialog, setDialog] = useState<DialogState>({ mode: 'closed' });
  const { user } = useAuth();
  const plan = planOf(user?.subscription?.plan);
  const allowance = templates.data ? allowanceOf(templates.data.length, plan.templateLimit, 'templates') : null;

  useLoadErrorNotice(templates.isError, 'Failed to fetch templates', 'templates-fetch');

  const saveErrors = useFormErrors(TEMPLATE_FIELDS);
  const save = useNotifyingMutation({
    mutationFn: (input: { body: TemplateBody; id?: string }) =>
      input.id ? templatesApi.update(input.id, input.body) : templatesApi.create(input.body),
    success: (_data, input) => (input.id ? 'Template updated' : 'Template created'),
    failure: 'Failed to save template',
    invalidates: templatesKey,
    onSuccess: () => setDialog({ mode: 'closed' }),
    form: saveErrors,
  });

  const remove = useNotifyingMutation({
    mutationFn: templatesApi.remove,
    success: 'Template deleted',
    failure: 'Failed to delete',
    invalidates: templatesKey,
  });

  return (
    <>
      <PageHeading
        title="Templates"
        description="Reusable subjects and bodies with {{variables}}."
        actions={
          <>
            <AllowanceActions allowance={allowance} testId="template-allowance" />
            <button
              type="button"
              className={buttonStyles.primary}
              disabled={allowance?.isAtLimit}
              title={allowance?.isAtLimit ? limitReachedText('template', plan.name) : undefined}
              onClick={() => setDialog({ mode: 'create' })}
            >
              Create Template
            </button>
          </>
        }
      />
      <ResourceList
        items={templates.data ?? []}
        isPending={templates.isPending}
        empty="No templates yet. Create one to reuse it when sending."
        itemKey={(template) => template._id}
        rowTestId="template-row"
        renderRow={(template) => (
          <>
            <div className="min-w-0">
              <p className="truncate font-semibold text-slate-900">{template.name}</p>
              <p className="truncate text-sm text-slate-600">{template.subject}</p>
              <p className="text-xs text-slate-500">{variablesText(template.variables)}</p>
              <div className="mt-1">
                <CopyId id={template._id} />
              </div>
            </div>
            <div className="flex gap-2">
              <RowButton onClick={() => setDialog({ mode: 'edit', template })}>Edit</RowButton>
              <ConfirmButton tone="danger" question="Delete this template?" onConfirm={() => remove.mutate(template._id)}>
                Delete
              </ConfirmButton>
            </div>
          </>
        )}
      />
      {dialog.mode !== 'closed' && (
        <TemplateDialog
          template={dialog.mode === 'edit' ? dialog.template : undefined}
          isSaving={save.isPending}
          errors={saveErrors}
          onClose={() => {
            saveErrors.reset();
            setDialog({ mode: 'closed' });
          }}
          onSave={(body) => save.mutate({ body, id: dialog.mode === 'edit' ? dialog.template._id : undefined })}
        />
      )}
    </>
  );
}
