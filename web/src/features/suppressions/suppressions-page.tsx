// /suppressions (issue 21): the addresses no email is delivered to. Search (debounced), a paged table (email,
// reason, date added, the email that caused it), Add address, Remove (after confirmation), Import CSV and
// Export CSV. Hard bounces, complaints and one-click unsubscribes add to it on their own.
import { SUPPRESSION_MESSAGES } from '@mailwright/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { ApiError, errorMessage, type Suppression, type SuppressionImportResult, suppressionsApi } from '../../api';
import { buttonStyles, inputStyles } from '../../components/styles';
import { ListContent } from '../layout/list-content';
import { cardStyles, PageHeading } from '../layout/page-heading';
import { Pager } from '../layout/pager';
import { useDebouncedValue } from '../layout/use-debounced-value';
import { notifyError } from '../notices/error-notice';
import { useNotifyingMutation } from '../notices/use-notifying-mutation';
import { AddSuppressionDialog } from './add-suppression-dialog';
import { defaultExportName, saveDownloadedFile } from './download-file';
import { ImportSuppressionsDialog } from './import-suppressions-dialog';
import { suppressionKeys, useSuppressions } from './queries';
import { SuppressionTable } from './suppression-table';

export const SUPPRESSIONS_PAGE_SIZE = 20;
/** How long the search box waits after the last key before asking the server. */
export const SEARCH_DEBOUNCE_MS = 300;

type DialogState = 'closed' | 'add' | 'import';

export function SuppressionsPage() {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const settledSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [dialog, setDialog] = useState<DialogState>('closed');
  const [addError, setAddError] = useState<string | null>(null);
  const [importResult, setImportResult] = useState<SuppressionImportResult | null>(null);
  const list = useSuppressions({ page, limit: SUPPRESSIONS_PAGE_SIZE, search: settledSearch || undefined });

  const reload = () => queryClient.invalidateQueries({ queryKey: suppressionKeys.all });

  const add = useMutation({
    mutationFn: (email: string) => suppressionsApi.add({ email }),
    onSuccess: () => {
      toast.success(SUPPRESSION_MESSAGES.added);
      setDialog('closed');
      void reload();
    },
    onError: (error) => {
      // The server naming the address as invalid is shown in the dialog; anything else is a notice.
      if (error instanceof ApiError && error.status === 400) setAddError(errorMessage(error, 'Enter a valid email address'));
      else notifyError(error, 'Failed to add address');
    },
  });

  const remove = useNotifyingMutation({
    mutationFn: (email: string) => suppressionsApi.remove(email),
    success: SUPPRESSION_MESSAGES.removed,
    failure: 'Failed to remove address',
    invalidates: suppressionKeys.all,
  });

  const importCsv = useMutation({
    mutationFn: suppressionsApi.importCsv,
    onSuccess: (result) => {
      setImportResult(result);
      void reload();
    },
    onError: (error) => notifyError(error, 'Failed to import the file'),
  });

  const exportCsv = useMutation({
    mutationFn: suppressionsApi.exportCsv,
    onSuccess: ({ blob, filename }) => saveDownloadedFile(blob, filename ?? defaultExportName()),
    onError: (error) => notifyError(error, 'Failed to export the list'),
  });

  const rows: Suppression[] = list.data?.data ?? [];
  const pages = Math.max(1, list.data?.pagination.pages ?? 1);
  const total = list.data?.pagination.total ?? rows.length;
  // A failed reload keeps the last page on screen; only a list that never loaded shows the error.
  const loadError =
    list.isError && !list.data
      ? {
          message: errorMessage(list.error, 'Failed to load the suppression list'),
          onRetry: () => void list.refetch(),
          isRetrying: list.isFetching,
        }
      : null;

  return (
    <>
      <PageHeading
        title="Suppressions"
        description={
          list.data
            ? `${total.toLocaleString('en-US')} address${total === 1 ? '' : 'es'} no email is sent to. Hard bounces, spam complaints and unsubscribes are added automatically.`
            : 'Addresses no email is sent to. Hard bounces, spam complaints and unsubscribes are added automatically.'
        }
        actions={
          <>
            <button
              type="button"
              className={buttonStyles.primary}
              onClick={() => {
                setAddError(null);
                setDialog('add');
              }}
            >
              Add Address
            </button>
            <button
              type="button"
              className={buttonStyles.secondary}
              onClick={() => {
                setImportResult(null);
                setDialog('import');
              }}
            >
              Import CSV
            </button>
            <button
              type="button"
              className={buttonStyles.secondary}
              disabled={exportCsv.isPending}
              onClick={() => exportCsv.mutate()}
            >
              {exportCsv.isPending ? 'Exporting...' : 'Export CSV'}
            </button>
          </>
        }
      />
      <section className={`${cardStyles} overflow-hidden`}>
        <div className="border-b border-slate-200 p-4">
          <label htmlFor="suppression-search" className="sr-only">
            Search addresses
          </label>
          <input
            id="suppression-search"
            type="search"
            className={`${inputStyles} sm:max-w-sm`}
            placeholder="Search addresses"
            autoComplete="off"
            spellCheck={false}
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
          />
        </div>
        <ListContent
          isPending={list.isPending}
          isEmpty={rows.length === 0}
          error={loadError}
          empty={
            settledSearch
              ? `No suppressed address matches "${settledSearch}".`
              : 'Your suppression list is empty. Hard bounces, spam complaints and unsubscribes will appear here.'
          }
        >
          <SuppressionTable
            rows={rows}
            isRemoving={(email) => remove.isPending && remove.variables === email}
            onRemove={(email) => remove.mutate(email)}
          />
        </ListContent>
        <Pager page={page} pages={pages} onPage={setPage} />
      </section>
      {dialog === 'add' && (
        <AddSuppressionDialog
          isSaving={add.isPending}
          serverError={addError}
          onAdd={(email) => {
            setAddError(null);
            add.mutate(email);
          }}
          onClose={() => setDialog('closed')}
        />
      )}
      {dialog === 'import' && (
        <ImportSuppressionsDialog
          isImporting={importCsv.isPending}
          result={importResult}
          onImport={(file) => importCsv.mutate(file)}
          onClose={() => setDialog('closed')}
        />
      )}
    </>
  );
}
