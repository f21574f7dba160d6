// Export CSV: downloads the log with the filters on screen (the server streams every matching row).
import { useState } from 'react';
import toast from 'react-hot-toast';
import { type ExportEmailsQuery, emailsApi, errorMessage } from '../../api';
import { buttonStyles } from '../../components/styles';
import { saveDownloadedFile } from '../suppressions/download-file';

export const EXPORT_FAILED = 'Failed to export emails';

/** emails-2025-01-05.csv (the browser's local date) when the server names none. */
export function defaultLogExportName(now: Date = new Date()): string {
  const day = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  return `emails-${day}.csv`;
}

export function ExportLogButton({ query }: { query: ExportEmailsQuery }) {
  const [isExporting, setIsExporting] = useState(false);
  async function exportLog() {
    setIsExporting(true);
    try {
      const file = await emailsApi.exportCsv(query);
      saveDownloadedFile(file.blob, file.filename ?? defaultLogExportName());
    } catch (error) {
      toast.error(errorMessage(error, EXPORT_FAILED));
    } finally {
      setIsExporting(false);
    }
  }
  return (
    <button type="button" className={buttonStyles.secondary} disabled={isExporting} onClick={() => void exportLog()}>
      {isExporting ? 'Exporting...' : 'Export CSV'}
    </button>
  );
}
