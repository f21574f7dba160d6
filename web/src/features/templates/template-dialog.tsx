// Create/Edit template dialog: name, subject, body (category stays 'general'), with the detected
// variables and a live preview filled from sample values.
import { extractVariables } from '@mailwright/contracts';
import { type FormEvent, useMemo, useState } from 'react';
import type { Template, TemplateBody } from '../../api';
import { inputStyles } from '../../components/styles';
import { TextField } from '../../components/text-field';
import { DialogActions } from '../layout/dialog-actions';
import { Modal } from '../layout/modal';
import { TemplatePreview } from './template-preview';
import { VariableInputs, valuesFor } from './variable-inputs';

interface Props {
  template?: Template;
  isSaving: boolean;
  onSave: (body: TemplateBody) => void;
  onClose: () => void;
}

export function TemplateDialog({ template, isSaving, onSave, onClose }: Props) {
  const [name, setName] = useState(template?.name ?? '');
  const [subject, setSubject] = useState(template?.subject ?? '');
  const [body, setBody] = useState(template?.body ?? '');
  const [samples, setSamples] = useState<Record<string, string>>({});
  const variables = useMemo(() => extractVariables(subject, body), [subject, body]);

  function submit(event: FormEvent) {
    event.preventDefault();
    onSave({ name: name.trim(), subject, body });
  }

  return (
    <Modal
      size="lg"
      title={template ? 'Edit Template' : 'Create Template'}
      onClose={onClose}
      footer={
        <DialogActions
          onCancel={onClose}
          confirmLabel={template ? 'Update Template' : 'Create Template'}
          busyLabel="Saving..."
          isBusy={isSaving}
          form="template-form"
        />
      }
    >
      <form id="template-form" className="grid gap-4" onSubmit={submit}>
        <TextField label="Template Name" required value={name} onChange={(event) => setName(event.target.value)} />
        <TextField
          label="Subject"
          required
          value={subject}
          onChange={(event) => setSubject(event.target.value)}
          placeholder="Welcome, {{name}}!"
        />
        <div>
          <label htmlFor="template-body" className="mb-1.5 block text-sm font-medium text-slate-700">
            Body
          </label>
          <textarea
            id="template-body"
            required
            rows={8}
            value={body}
            onChange={(event) => setBody(event.target.value)}
            className={`${inputStyles} font-mono`}
            placeholder="Hi {{name}}, thanks for joining. Plain text or HTML."
          />
          <p className="mt-1 text-xs text-slate-500">
            Write variables in double braces, like {'{{name}}'}. Variables: {variables.length ? variables.join(', ') : 'None'}
          </p>
        </div>
        <VariableInputs idPrefix="sample" names={variables} values={valuesFor(variables, samples)} onChange={setSamples} />
        <TemplatePreview subject={subject} body={body} values={valuesFor(variables, samples)} />
      </form>
    </Modal>
  );
}
