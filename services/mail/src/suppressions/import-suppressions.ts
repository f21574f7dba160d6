// POST /suppressions/import: a CSV of addresses, streamed. The address is the `email` column when the first row
// names one, else the first column. Every row is checked before anything is stored, so an upload past the row
// limit stores nothing; valid new addresses are then added in chunks in one transaction.
import type { Readable } from 'node:stream';
import { SUPPRESSION_LIMITS, SUPPRESSION_MESSAGES, type SuppressionImportResult } from '@mailwright/contracts';
import { AppError, isEmailAddress, withTransaction } from '@mailwright/kit';
import { insertManualSuppressions } from '../db/queries/suppressions';
import { csvLines } from './csv-lines';
import type { SuppressionDeps } from './deps';
import { suppressionAddress } from './suppression-address';

const REPORTED_ERRORS = 20;
const CHUNK = 5_000;

export async function importSuppressions(
  deps: SuppressionDeps,
  userId: string,
  body: Readable,
): Promise<SuppressionImportResult> {
  const addresses = new Set<string>();
  const errors: SuppressionImportResult['errors'] = [];
  let rows = 0;
  let invalid = 0;
  let column = 0;
  let first = true;
  const lines = csvLines(body, {
    maxBytes: SUPPRESSION_LIMITS.importMaxBytes,
    maxLineChars: 4_096,
    tooLarge: SUPPRESSION_MESSAGES.importTooLarge,
  });
  for await (const { line, fields } of lines) {
    if (first) {
      first = false;
      const header = fields.findIndex((field) => field.trim().toLowerCase() === 'email');
      if (header !== -1) {
        column = header;
        continue;
      }
    }
    rows++;
    if (rows > SUPPRESSION_LIMITS.importMaxRows) throw new AppError('VALIDATION_ERROR', SUPPRESSION_MESSAGES.importTooManyRows);
    const address = suppressionAddress(fields[column] ?? '');
    if (!isEmailAddress(address)) {
      invalid++;
      if (errors.length < REPORTED_ERRORS) {
        errors.push({ line, message: address ? `"${address.slice(0, 80)}" is not an email address` : 'no email address' });
      }
      continue;
    }
    addresses.add(address);
  }
  const unique = [...addresses];
  const added = await withTransaction(deps.db.$client, async (client) => {
    let count = 0;
    for (let start = 0; start < unique.length; start += CHUNK) {
      count += await insertManualSuppressions(client, userId, unique.slice(start, start + CHUNK));
    }
    return count;
  });
  return { rows, added, alreadyListed: rows - invalid - added, invalid, errors };
}
