// Import CSV dialog: pick a .csv file (one address a row, at most SUPPRESSION_LIMITS' rows and bytes), send
// it as it is, then show what the server did with it.
import { SUPPRESSION_LIMITS } from '@mailwright/contracts';
import { type FormEvent, useId, useState } from 'react';
import type { SuppressionImportResult } from '../../api';
import { FormField } from '../../components/form-field';
import { buttonStyles } from '../../components/styles';
import { DialogActions } from '../layout/dialog-actions';
import { Modal } from '../layout/modal';
import { ImportResult } from './import-result';

interface Props {
  isImporting: boolean;
  result: SuppressionImportResult | null;
  onImport: (file: File) => void;
  onClose: () => void;
}

const maxMegabytes = SUPPRESSION_LIMITS.importMaxBytes / (1024 * 1024);

export function ImportSuppressionsDialog({ isImporting, result, onImport, onClose }: Props) {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return setError('Choose a CSV file');
    if (file.size > SUPPRESSION_LIMITS.importMaxBytes) return setError(`The file is larger than ${maxMegabytes} MB`);
    setError(null);
    onImport(file);
  }

  return (
    <Modal
      title="Import Suppression List"
      onClose={onClose}
      footer={
        result ? (
          <button type="button" className={buttonStyles.primary} onClick={onClose}>
            Done
          </button>
        ) : (
          <DialogActions
            onCancel={onClose}
            confirmLabel="Import"
            busyLabel="Importing..."
            isBusy={isImporting}
            lockWhileBusy
            form="import-suppressions-form"
          />
        )
      }
    >
      {result ? (
        <ImportResult result={result} />
      ) : (
        <form id="import-suppressions-form" className="grid gap-3" onSubmit={submit}>
          <p className="text-sm text-slate-600">
            One email address per row, in the first column or in a column headed <code>email</code> (an export reads back as it
            is). At most {SUPPRESSION_LIMITS.importMaxRows.toLocaleString('en-US')} rows. Addresses already listed are left as
            they are.
          </p>
          <FormField label="CSV file" htmlFor={inputId}>
            <input
              id={inputId}
              type="file"
              accept=".csv,text/csv"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${inputId}-error` : undefined}
              className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-semibold file:text-slate-700 hover:file:bg-slate-50"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setError(null);
              }}
            />
            {error && (
              <p id={`${inputId}-error`} className="mt-1 text-xs font-medium text-red-700" role="alert">
                {error}
              </p>
            )}
          </FormField>
        </form>
      )}
    </Modal>
  );
}
