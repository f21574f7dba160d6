// One CSV field as RFC 4180 writes it, made safe to open in a spreadsheet: a value that starts like a formula
// (=, +, -, @, or a tab or carriage return that some programs skip before one) gets a leading apostrophe, so a
// subject such as =HYPERLINK(...) is shown as text, never run (OWASP "CSV injection").
const FORMULA_STARTS = new Set(['=', '+', '-', '@', '\t', '\r']);

export function csvCell(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const guarded = FORMULA_STARTS.has(value.charAt(0)) ? `'${value}` : value;
  // A linear scan; quotes are doubled and the field quoted when it holds a quote, comma or line break.
  let needsQuotes = false;
  for (const char of guarded) {
    if (char === '"' || char === ',' || char === '\n' || char === '\r') {
      needsQuotes = true;
      break;
    }
  }
  return needsQuotes ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

/** A record: fields joined by commas, ended by CRLF (RFC 4180). */
export const csvRecord = (fields: readonly (string | null | undefined)[]) => `${fields.map(csvCell).join(',')}\r\n`;
