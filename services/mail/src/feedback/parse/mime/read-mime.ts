// A small, bounded MIME walker for the machine-readable parts of a report. mailparser reshapes exactly these parts
// (it folds message/delivery-status into the text and opens an inline message/rfc822 without keeping its
// Message-ID), so reports are read here; human text for replies still comes from mailparser (see read-reply.ts).
// Every step is an indexOf over the part at hand: linear in the input, with caps on depth, parts and sizes.
import { type ContentType, parseContentType } from './content-type';
import { fieldValue, type HeaderField, readHeaderFields } from './header-fields';
import { decodeCharset, decodeTransfer } from './transfer-decoding';

export interface MimeLeaf {
  contentType: ContentType;
  /** The decoded text of text/* and message/* leaves (first MAX_TEXT_BYTES), '' for other leaves. */
  text: string;
  /** Whether the leaf sits inside an enclosed message (the original in a bounce or complaint). */
  enclosed: boolean;
}

export interface MimeMessage {
  headers: HeaderField[];
  contentType: ContentType;
  leaves: MimeLeaf[];
  /** The header fields of each enclosed message/rfc822 (or message/global) part, outermost first. */
  enclosedHeaders: HeaderField[][];
}

/** The first 256 KiB of any text part is read; what a report needs is near its start. */
export const MAX_TEXT_BYTES = 256 * 1024;
const MAX_HEADER_CHARS = 256 * 1024;
const MAX_DEPTH = 8;
const MAX_LEAVES = 200;

/** `raw` is the message as a latin1 string (one char per byte). */
export function readMime(raw: string): MimeMessage {
  const message: MimeMessage = { headers: [], contentType: parseContentType(''), leaves: [], enclosedHeaders: [] };
  const root = splitEntity(raw);
  message.headers = root.headers;
  message.contentType = parseContentType(fieldValue(root.headers, 'content-type'));
  walk(root, false, 0, message);
  return message;
}

interface Entity {
  headers: HeaderField[];
  body: string;
}

function splitEntity(text: string): Entity {
  let position = 0;
  while (position < text.length && position < MAX_HEADER_CHARS) {
    let end = text.indexOf('\n', position);
    if (end === -1) end = text.length;
    const line = text.slice(position, Math.min(end, position + 4));
    if (line === '' || line === '\r') {
      return { headers: readHeaderFields(text.slice(0, position)), body: text.slice(end + 1) };
    }
    position = end + 1;
  }
  const headerEnd = Math.min(position, text.length);
  return { headers: readHeaderFields(text.slice(0, headerEnd)), body: text.slice(headerEnd) };
}

function walk(entity: Entity, enclosed: boolean, depth: number, message: MimeMessage): void {
  if (depth > MAX_DEPTH || message.leaves.length >= MAX_LEAVES) return;
  const contentType = parseContentType(fieldValue(entity.headers, 'content-type'));
  const encoding = fieldValue(entity.headers, 'content-transfer-encoding');
  const boundary = contentType.params.boundary;
  if (contentType.type.startsWith('multipart/') && boundary) {
    for (const body of splitMultipart(entity.body, boundary)) walk(splitEntity(body), enclosed, depth + 1, message);
    return;
  }
  if (contentType.type === 'message/rfc822' || contentType.type === 'message/global') {
    const inner = splitEntity(decodeTransfer(entity.body, encoding).toString('latin1'));
    message.enclosedHeaders.push(inner.headers);
    walk(inner, true, depth + 1, message);
    return;
  }
  const textual = contentType.type.startsWith('text/') || contentType.type.startsWith('message/');
  const text = textual
    ? decodeCharset(decodeTransfer(entity.body, encoding).subarray(0, MAX_TEXT_BYTES), contentType.params.charset)
    : '';
  message.leaves.push({ contentType, text, enclosed });
}

/** The bodies between the boundary lines of a multipart body (preamble and epilogue left out). */
function splitMultipart(body: string, boundary: string): string[] {
  const delimiter = `--${boundary}`;
  const parts: string[] = [];
  let partStart = -1;
  let search = 0;
  while (search < body.length && parts.length < MAX_LEAVES) {
    const found = body.indexOf(delimiter, search);
    if (found === -1) break;
    search = found + delimiter.length;
    if (found > 0 && body[found - 1] !== '\n') continue;
    if (partStart >= 0) parts.push(body.slice(partStart, lineBreakBefore(body, found)));
    if (body.startsWith('--', search)) return parts;
    const lineEnd = body.indexOf('\n', search);
    partStart = lineEnd === -1 ? body.length : lineEnd + 1;
    search = partStart;
  }
  if (partStart >= 0 && partStart < body.length) parts.push(body.slice(partStart));
  return parts;
}

/** Where the line break that belongs to the delimiter at `index` starts. */
function lineBreakBefore(body: string, index: number): number {
  if (index >= 2 && body[index - 2] === '\r') return index - 2;
  return Math.max(0, index - 1);
}
