// Create/Edit template dialog: name, subject, body (category stays 'general'), with the detected
// variables and a live preview filled from sample values, and whether its emails carry one-click unsubscribe.
import { extractVariables } from '@mailwright/contracts';
import { type FormEvent, useMemo, useState } from 'react';
import type { Template, TemplateBody } from '../../api';
import { TextAreaField } from '../../components/text-area-field';
import { TextField } from '../../components/text-field';
import { FormAlert } from '../forms/form-alert';
import type { HumanError } from '../forms/human-error';
import { FormDialog } from '../layout/form-dialog';
import { TemplatePreview } from './template-preview';
import { UnsubscribeCheckbox } from './unsubscribe-checkbox';
import { VariableInputs, valuesFor } from './variable-inputs';

interface Props {
  template?: Template;
  isSaving: boolean;
  onSave: (body: TemplateBody) => void;
  onClose: () => void;
  /** The server's objections: per field, or one about the whole template (a plan limit). */
  errors?: { fields: Record<string, string>; alert: HumanError | null; clear: (field: string) => void };
}

export function TemplateDialog({ template, isSaving, onSave, onClose, errors }: Props) {
  const fieldError = (field: string) => errors?.fields[field];
  const edited = (field: string, set: (value: string) => void) => (event: { target: { value: string } }) => {
    set(event.target.value);
    errors?.clear(field);
  };
  const [name, setName] = useState(template?.name ?? '');
  const [subject, setSubject] = useState(template?.subject ?? '');
  const [body, setBody] = useState(template?.body ?? '');
  const [unsubscribe, setUnsubscribe] = useState(template?.unsubscribe ?? false);
  const [samples, setSamples] = useState<Record<string, string>>({});
  const variables = useMemo(() => extractVariables(subject, body), [subject, body]);

  function submit(event: FormEvent) {
    event.preventDefault();
    onSave({ name: name.trim(), subject, body, unsubscribe });
  }

  return (
    <FormDialog
      size="lg"
      title={template ? 'Edit Template' : 'Create Template'}
      onClose={onClose}
      formId="template-form"
      formClassName="grid gap-4"
      onSubmit={submit}
      confirmLabel={template ? 'Update Template' : 'Create Template'}
      busyLabel="Saving..."
      isBusy={isSaving}
    >
      <FormAlert error={errors?.alert ?? null} />
      <TextField label="Template Name" required value={name} onChange={edited('name', setName)} error={fieldError('name')} />
      <TextField
        label="Subject"
        required
        value={subject}
        onChange={edited('subject', setSubject)}
        error={fieldError('subject')}
        placeholder="Welcome, {{name}}!"
      />
      <TextAreaField
        label="Body"
        id="template-body"
        required
        rows={8}
        value={body}
        onChange={edited('body', setBody)}
        error={fieldError('body')}
        extraClassName="font-mono"
        placeholder="Hi {{name}}, thanks for joining. Plain text or HTML."
        note={
          <>
            Write variables in double braces, like {'{{name}}'}. Variables: {variables.length ? variables.join(', ') : 'None'}
          </>
        }
      />
      <UnsubscribeCheckbox
        id="template-unsubscribe"
        checked={unsubscribe}
        onChange={setUnsubscribe}
        hint="Every email sent with this template carries a one-click unsubscribe link; recipients who use it are added to your suppression list."
      />
      <VariableInputs idPrefix="sample" names={variables} values={valuesFor(variables, samples)} onChange={setSamples} />
      <TemplatePreview subject={subject} body={body} values={valuesFor(variables, samples)} />
    </FormDialog>
  );
}
