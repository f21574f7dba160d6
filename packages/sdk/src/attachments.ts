// Files as callers hold them (a Buffer, a Uint8Array, an ArrayBuffer, base64 text or a public URL) → the API's
// { filename, content (base64) | url, contentType? }.
import type { ApiAttachment } from './types';

export interface AttachmentInput {
  filename: string;
  /** The bytes, or a string that is already base64. */
  content?: Uint8Array | ArrayBuffer | string;
  /** A public https URL the platform downloads when it accepts the email (instead of content). */
  url?: string;
  /** Guessed from the filename by the platform when not given. */
  contentType?: string;
}

export function toApiAttachment(input: AttachmentInput): ApiAttachment {
  const attachment: ApiAttachment = { filename: input.filename };
  if (input.content !== undefined) attachment.content = toBase64(input.content);
  if (input.url !== undefined) attachment.url = input.url;
  if (input.contentType !== undefined) attachment.contentType = input.contentType;
  return attachment;
}

function toBase64(content: Uint8Array | ArrayBuffer | string): string {
  if (typeof content === 'string') return content;
  const bytes = content instanceof Uint8Array ? content : new Uint8Array(content);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}
