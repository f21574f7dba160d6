// /templates: the list (copyable ID, 'Variables: a, b' or 'None'), Create/Edit dialog, delete.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage, type Template, type TemplateBody, templatesApi } from '../../api';
import { Spinner } from '../../components/spinner';
import { buttonStyles } from '../../components/styles';
import { CopyId } from '../layout/copy-id';
import { cardStyles, dangerButtonStyles, EmptyState, PageHeading } from '../layout/page-heading';
import { templatesKey, useTemplates } from './queries';
import { TemplateDialog } from './template-dialog';

type DialogState = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; template: Template };

export function variablesText(variables: string[]): string {
  return `Variables: ${variables.length ? variables.join(', ') : 'None'}`;
}

export function TemplatesPage() {
  const queryClient = useQueryClient();
  const templates = useTemplates();
  const [dialog, setDialog] = useState<DialogState>({ mode: 'closed' });

  useEffect(() => {
    if (templates.isError) toast.error('Failed to fetch templates', { id: 'templates-fetch' });
  }, [templates.isError]);

  const save = useMutation({
    mutationFn: (input: { body: TemplateBody; id?: string }) =>
      input.id ? templatesApi.update(input.id, input.body) : templatesApi.create(input.body),
    onSuccess: (_data, input) => {
      toast.success(input.id ? 'Template updated' : 'Template created');
      setDialog({ mode: 'closed' });
      void queryClient.invalidateQueries({ queryKey: templatesKey });
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to save template')),
  });

  const remove = useMutation({
    mutationFn: templatesApi.remove,
    onSuccess: () => {
      toast.success('Template deleted');
      void queryClient.invalidateQueries({ queryKey: templatesKey });
    },
    onError: (error) => toast.error(errorMessage(error, 'Failed to delete')),
  });

  const list = templates.data ?? [];
  return (
    <>
      <PageHeading
        title="Templates"
        description="Reusable subjects and bodies with {{variables}}."
        actions={
          <button type="button" className={buttonStyles.primary} onClick={() => setDialog({ mode: 'create' })}>
            Create Template
          </button>
        }
      />
      <section className={cardStyles}>
        {templates.isPending ? (
          <div className="flex justify-center py-12">
            <Spinner />
          </div>
        ) : list.length === 0 ? (
          <EmptyState>No templates yet. Create one to reuse it when sending.</EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100">
            {list.map((template) => (
              <li
                key={template._id}
                className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5"
                data-testid="template-row"
              >
                <div className="min-w-0">
                  <p className="truncate font-semibold text-slate-900">{template.name}</p>
                  <p className="truncate text-sm text-slate-600">{template.subject}</p>
                  <p className="text-xs text-slate-500">{variablesText(template.variables)}</p>
                  <div className="mt-1">
                    <CopyId id={template._id} />
                  </div>
                </div>
                <div className="flex gap-2">
                  <button
                    type="button"
                    className={`${buttonStyles.secondary} px-3 py-1.5`}
                    onClick={() => setDialog({ mode: 'edit', template })}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className={`${dangerButtonStyles} px-3 py-1.5`}
                    onClick={() => {
                      if (window.confirm('Delete this template?')) remove.mutate(template._id);
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
      {dialog.mode !== 'closed' && (
        <TemplateDialog
          template={dialog.mode === 'edit' ? dialog.template : undefined}
          isSaving={save.isPending}
          onClose={() => setDialog({ mode: 'closed' })}
          onSave={(body) => save.mutate({ body, id: dialog.mode === 'edit' ? dialog.template._id : undefined })}
        />
      )}
    </>
  );
}
