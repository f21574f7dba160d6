// Reading and editing a submitted MIME message without rebuilding it: the message is held as a latin1 string (one
// character per byte), so every part that is not edited goes out byte for byte as the client wrote it. Only what
// the platform must change is touched: header fields of the message, and the body of the HTML part it tracks.

/** Nested multiparts deeper than this are left as they are (no real message nests this far). */
const MAX_DEPTH = 16;

export interface Entity {
  /** The header block, without the blank line that ends it ('' when the entity has none). */
  head: string;
  /** The blank line between head and body as written (CRLF CRLF or LF LF), '' when there is no body. */
  gap: string;
  body: string;
}

export function splitEntity(text: string): Entity {
  if (text.startsWith('\r\n')) return { head: '', gap: '\r\n', body: text.slice(2) };
  if (text.startsWith('\n')) return { head: '', gap: '\n', body: text.slice(1) };
  const crlf = text.indexOf('\r\n\r\n');
  const lf = text.indexOf('\n\n');
  if (crlf !== -1 && (lf === -1 || crlf < lf)) return { head: text.slice(0, crlf), gap: '\r\n\r\n', body: text.slice(crlf + 4) };
  if (lf !== -1) return { head: text.slice(0, lf), gap: '\n\n', body: text.slice(lf + 2) };
  return { head: text, gap: '', body: '' };
}

export const joinEntity = (entity: Entity) => entity.head + entity.gap + entity.body;

/** The line break the header block uses (CRLF unless it holds only LF). */
export const lineBreakOf = (head: string) => (head.includes('\r\n') || !head.includes('\n') ? '\r\n' : '\n');

interface Field {
  name: string;
  /** The whole field as written, continuation lines included, without its final line break. */
  raw: string;
}

function fieldsOf(head: string): Field[] {
  const fields: Field[] = [];
  for (const line of head.split(/\r?\n/)) {
    const last = fields.at(-1);
    if ((line.startsWith(' ') || line.startsWith('\t')) && last) {
      last.raw += `${lineBreakOf(head)}${line}`;
      continue;
    }
    const colon = line.indexOf(':');
    fields.push({ name: colon > 0 ? line.slice(0, colon).trim().toLowerCase() : '', raw: line });
  }
  return fields;
}

/** The first field named `name`, unfolded, or null. */
export function headerValue(head: string, name: string): string | null {
  const field = fieldsOf(head).find((item) => item.name === name.toLowerCase());
  if (!field) return null;
  return field.raw
    .slice(field.raw.indexOf(':') + 1)
    .replace(/\r?\n[ \t]/g, ' ')
    .trim();
}

/** The head without the fields named in `names` (lower case), with `added` fields written first. */
export function editHead(head: string, remove: ReadonlySet<string>, added: readonly string[] = []): string {
  const kept = fieldsOf(head)
    .filter((field) => !remove.has(field.name))
    .map((field) => field.raw);
  return [...added, ...kept].filter((line) => line !== '').join(lineBreakOf(head));
}

const MAX_CONTENT_TYPE_CHARS = 2_048;

export interface ContentType {
  type: string;
  params: Record<string, string>;
}

/** Content-Type as RFC 2045 reads it; text/plain when absent or unreadable. */
export function contentTypeOf(head: string): ContentType {
  // A real Content-Type is short; reading only its start keeps the parameter pattern's work bounded.
  const value = headerValue(head, 'content-type')?.slice(0, MAX_CONTENT_TYPE_CHARS);
  if (!value) return { type: 'text/plain', params: {} };
  const [type = '', ...rest] = value.split(';');
  const params: Record<string, string> = {};
  for (const match of rest.join(';').matchAll(/([^\s=;]+)\s*=\s*("((?:[^"\\]|\\.)*)"|[^;\s]*)/g)) {
    const key = (match[1] ?? '').toLowerCase();
    params[key] = match[3] !== undefined ? match[3].replace(/\\(.)/g, '$1') : (match[2] ?? '');
  }
  return { type: type.trim().toLowerCase() || 'text/plain', params };
}

export interface Leaf {
  head: string;
  body: string;
  type: string;
  charset: string;
  transferEncoding: string;
  /** The Content-Disposition type ('attachment', 'inline') or null. */
  disposition: string | null;
}

/** Leaves of the entity in document order; `visit` may answer a new text for a leaf (head and body) to replace it. */
export function mapLeaves(text: string, visit: (leaf: Leaf) => string | null, depth = 0): string {
  const entity = splitEntity(text);
  const contentType = contentTypeOf(entity.head);
  const boundary = contentType.params.boundary;
  if (contentType.type.startsWith('multipart/') && boundary && depth < MAX_DEPTH) {
    return entity.head + entity.gap + mapParts(entity.body, boundary, (part) => mapLeaves(part, visit, depth + 1));
  }
  if (contentType.type.startsWith('multipart/')) return text;
  const replaced = visit({
    head: entity.head,
    body: entity.body,
    type: contentType.type,
    charset: (contentType.params.charset ?? 'us-ascii').toLowerCase(),
    transferEncoding: (headerValue(entity.head, 'content-transfer-encoding') ?? '7bit').toLowerCase(),
    disposition: headerValue(entity.head, 'content-disposition')?.split(';')[0]?.trim().toLowerCase() ?? null,
  });
  return replaced ?? text;
}

/**
 * A multipart body with each part mapped. Delimiter lines, the preamble, the epilogue and the line breaks that belong
 * to the delimiters (RFC 2046 5.1.1) are kept as written.
 */
/** What may follow a boundary on its line: the close mark, transport padding or the line break. */
const DELIMITER_ENDS = new Set(['-', '\r', '\n', ' ', '\t']);

function mapParts(body: string, boundary: string, map: (part: string) => string): string {
  const delimiter = `--${boundary}`;
  const starts: number[] = [];
  let from = 0;
  for (;;) {
    const at = body.indexOf(delimiter, from);
    if (at === -1) break;
    const lineStart = at === 0 || body[at - 1] === '\n';
    const after = body[at + delimiter.length];
    if (lineStart && (after === undefined || DELIMITER_ENDS.has(after))) starts.push(at);
    from = at + delimiter.length;
  }
  if (starts.length < 2) return body;
  let out = '';
  let copiedTo = 0;
  for (let i = 0; i < starts.length - 1; i++) {
    const start = starts[i] as number;
    if (body.startsWith(`${delimiter}--`, start)) break;
    const lineEnd = body.indexOf('\n', start);
    if (lineEnd === -1) break;
    const partStart = lineEnd + 1;
    const next = starts[i + 1] as number;
    const partEnd = body[next - 2] === '\r' ? next - 2 : next - 1;
    if (partEnd < partStart) continue;
    out += body.slice(copiedTo, partStart) + map(body.slice(partStart, partEnd));
    copiedTo = partEnd;
  }
  return out + body.slice(copiedTo);
}

/** A leaf's body as bytes, its transfer encoding undone. */
export function decodeBody(leaf: Pick<Leaf, 'body' | 'transferEncoding'>): Buffer {
  if (leaf.transferEncoding === 'base64') return Buffer.from(leaf.body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64');
  if (leaf.transferEncoding === 'quoted-printable') return decodeQuotedPrintable(leaf.body);
  return Buffer.from(leaf.body, 'latin1');
}

function decodeQuotedPrintable(text: string): Buffer {
  // Trailing blanks are dropped line by line with a loop: a pattern over a long run of blanks would backtrack.
  const unfolded = text
    .split('\n')
    .map((line) => {
      const carriage = line.endsWith('\r') ? 1 : 0;
      let end = line.length - carriage;
      while (end > 0 && (line[end - 1] === ' ' || line[end - 1] === '\t')) end -= 1;
      return line.slice(0, end) + (carriage ? '\r' : '');
    })
    .join('\n')
    .replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < unfolded.length; i++) {
    const char = unfolded.charCodeAt(i);
    const hex = unfolded.slice(i + 1, i + 3);
    if (char === 0x3d && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(char & 0xff);
  }
  return Buffer.from(bytes);
}

/** Text in the leaf's charset; an unknown charset is read as UTF-8 (undecodable bytes become U+FFFD). */
export function decodeText(leaf: Leaf): string {
  const bytes = decodeBody(leaf);
  const charset = leaf.charset === 'us-ascii' ? 'utf-8' : leaf.charset;
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/** A text leaf with a new body: UTF-8, base64 in 76-character lines, the rest of its head as it was. */
export function replaceText(leaf: Leaf, text: string): string {
  const lineBreak = lineBreakOf(leaf.head);
  const encoded = Buffer.from(text, 'utf8').toString('base64');
  const lines = encoded.match(/.{1,76}/g) ?? [];
  const head = editHead(leaf.head, new Set(['content-type', 'content-transfer-encoding']), [
    `Content-Type: ${leaf.type}; charset=utf-8`,
    'Content-Transfer-Encoding: base64',
  ]);
  return `${head}${lineBreak}${lineBreak}${lines.join(lineBreak)}${lineBreak}`;
}

const isBodyText = (leaf: Leaf, type: string) => leaf.type === type && leaf.disposition !== 'attachment';

/** The first HTML and the first plain-text part that are not attachments: what the message shows. */
export function readableParts(text: string): { html: string | null; text: string | null } {
  let html: string | null = null;
  let plain: string | null = null;
  mapLeaves(text, (leaf) => {
    if (html === null && isBodyText(leaf, 'text/html')) html = decodeText(leaf);
    else if (plain === null && isBodyText(leaf, 'text/plain')) plain = decodeText(leaf);
    return null;
  });
  return { html, text: plain };
}

/** The message with its first HTML part (the one readableParts reads) rewritten by `rewrite`. */
export function rewriteFirstHtml(text: string, rewrite: (html: string) => string): string {
  let done = false;
  return mapLeaves(text, (leaf) => {
    if (done || !isBodyText(leaf, 'text/html')) return null;
    done = true;
    return replaceText(leaf, rewrite(decodeText(leaf)));
  });
}
