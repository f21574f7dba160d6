// Reads a CSV upload as a stream, one record per line (addresses never hold line breaks), splitting each on
// commas outside double quotes. One pass over the bytes; nothing holds more than a line at a time. A body past
// maxBytes, or a line past maxLineChars, stops the read with a 4xx.
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { AppError } from '@mailwright/kit';

export interface CsvLine {
  /** 1-based line number in the upload. */
  line: number;
  fields: string[];
}

export function splitCsvLine(text: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field.length === 0) quoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else field += char;
  }
  fields.push(field);
  return fields;
}

export async function* csvLines(
  body: Readable,
  limits: { maxBytes: number; maxLineChars: number; tooLarge: string },
): AsyncGenerator<CsvLine> {
  const decoder = new StringDecoder('utf8');
  let bytes = 0;
  let pending = '';
  let line = 0;
  const finish = (text: string): CsvLine | null => {
    line++;
    const trimmed = text.endsWith('\r') ? text.slice(0, -1) : text;
    return trimmed.trim() === '' ? null : { line, fields: splitCsvLine(trimmed) };
  };
  for await (const chunk of body) {
    const buffer = chunk as Buffer;
    bytes += buffer.length;
    if (bytes > limits.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', limits.tooLarge);
    pending += decoder.write(buffer);
    let start = 0;
    for (let end = pending.indexOf('\n'); end !== -1; end = pending.indexOf('\n', start)) {
      const record = finish(pending.slice(start, end));
      start = end + 1;
      if (record) yield record;
    }
    pending = pending.slice(start);
    if (pending.length > limits.maxLineChars) {
      throw new AppError('VALIDATION_ERROR', `Line ${line + 1} is longer than ${limits.maxLineChars} characters`);
    }
  }
  pending += decoder.end();
  if (pending.length > 0) {
    const record = finish(pending);
    if (record) yield record;
  }
}
