// Create API Key: asks for a name and the scopes (both by default), then shows the full key once with a warning and a copy button.
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import type { ApiKey, ApiKeyScope } from '../../api';
import { copyToClipboard } from '../../components/copy-to-clipboard';
import { buttonStyles } from '../../components/styles';
import { TextField } from '../../components/text-field';
import { FormAlert } from '../forms/form-alert';
import type { HumanError } from '../forms/human-error';
import { FormDialog } from '../layout/form-dialog';
import { Modal } from '../layout/modal';
import type { NewApiKey } from './create-api-key';
import { ScopeCheckboxes } from './scope-checkboxes';
import { SCOPE_CHOICES } from './scopes';

interface Props {
  created: ApiKey | null;
  isSaving: boolean;
  onCreate: (key: NewApiKey) => void;
  onClose: () => void;
  /** The server's objection to the name, shown under the field. */
  nameError?: string;
  onNameChange?: () => void;
  /** A refusal that is not about the name (the plan has no API access). */
  alert?: HumanError | null;
}

export function CreateApiKeyDialog({ created, isSaving, onCreate, onClose, nameError, onNameChange, alert = null }: Props) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(SCOPE_CHOICES.map((choice) => choice.scope));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onCreate({ name: name.trim(), scopes });
  };

  if (created) {
    return (
      <Modal
        title="API Key Created"
        onClose={onClose}
        footer={
          <button type="button" className={buttonStyles.primary} onClick={onClose}>
            Done
          </button>
        }
      >
        <p className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900" role="alert">
          Copy this key now. For your security it will not be shown again, and you cannot see it again later.
        </p>
        <div className="mt-4 flex flex-col gap-2 sm:flex-row">
          <code
            className="min-w-0 flex-1 break-all rounded-lg bg-slate-900 px-3 py-2.5 font-mono text-sm text-slate-100"
            data-testid="new-api-key"
          >
            {created.key}
          </code>
          <button
            type="button"
            className={buttonStyles.secondary}
            onClick={() => void copyToClipboard(created.key).then(() => toast.success('API key copied to clipboard'))}
          >
            Copy
          </button>
        </div>
      </Modal>
    );
  }

  return (
    <FormDialog
      title="Create API Key"
      onClose={onClose}
      formId="api-key-form"
      onSubmit={submit}
      confirmLabel="Create Key"
      busyLabel="Creating..."
      isBusy={isSaving}
    >
      <div className="grid gap-4">
        <FormAlert error={alert} />
        <TextField
          label="Key Name"
          required
          maxLength={100}
          value={name}
          error={nameError}
          onChange={(event) => {
            setName(event.target.value);
            onNameChange?.();
          }}
          placeholder="e.g. Production server"
        />
        <ScopeCheckboxes scopes={scopes} onChange={setScopes} />
      </div>
    </FormDialog>
  );
}
