// Attachments of a send request → bytes to store: at most 10, at most 10 MB decoded in all, each either
// base64 content or a public https URL downloaded now (SSRF-checked). Every violation is a clear 4xx.
import { type Attachment, MAIL_LIMITS, MAIL_MESSAGES } from '@mailwright/contracts';
import { AppError, requestPublicUrl, TargetError } from '@mailwright/kit';
import { RequestBytesExhausted, type RequestDownloads } from './attachment-downloads';
import { contentTypeFor } from './content-type';

export interface PreparedAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface AttachmentPolicy {
  allowPrivate: boolean;
  timeoutMs: number;
  /** The request's share of the process's downloads (attachment-downloads.ts). */
  downloads: RequestDownloads;
}

const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;
const CONTENT_TYPE = /^[\w.+-]+\/[\w.+-]+(\s*;\s*[\w.-]+=("[^"\r\n]*"|[\w.-]+))*$/;
const BAD_FILENAME = /[\r\n/\\\0]/;

const requestTooLarge = (limit: number) =>
  new AppError(
    'ATTACHMENTS_TOO_LARGE',
    `The URL attachments of one request may total at most ${Math.floor(limit / (1024 * 1024))} MB; send them in several requests`,
  );
const tooLarge = () => new AppError('ATTACHMENTS_TOO_LARGE', MAIL_MESSAGES.attachmentsTooLarge);
const invalid = (message: string) => new AppError('ATTACHMENT_INVALID', message);

/** Decoded size of base64 text without decoding it. */
const decodedLength = (text: string) =>
  Math.floor((text.length * 3) / 4) - (text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0);

export function checkAttachmentList(list: Attachment[] | undefined): void {
  if (!list) return;
  if (list.length > MAIL_LIMITS.attachmentsMax) {
    throw new AppError('ATTACHMENTS_TOO_MANY', MAIL_MESSAGES.attachmentsTooMany);
  }
  let total = 0;
  for (const item of list) {
    if (BAD_FILENAME.test(item.filename)) throw invalid(MAIL_MESSAGES.attachmentFilename);
    if ((item.content === undefined) === (item.url === undefined)) throw invalid(MAIL_MESSAGES.attachmentSource);
    if (item.contentType !== undefined && !CONTENT_TYPE.test(item.contentType)) {
      throw invalid(`Attachment ${item.filename}: contentType must look like type/subtype`);
    }
    if (item.content !== undefined) {
      const text = item.content.replace(/\s+/g, '');
      if (!BASE64.test(text) || text.length % 4 === 1) throw invalid(MAIL_MESSAGES.attachmentBase64(item.filename));
      total += decodedLength(text);
      if (total > MAIL_LIMITS.attachmentsMaxBytes) throw tooLarge();
    }
  }
}

export async function prepareAttachments(
  list: Attachment[] | undefined,
  policy: AttachmentPolicy,
): Promise<PreparedAttachment[]> {
  if (!list || list.length === 0) return [];
  checkAttachmentList(list);
  const prepared: PreparedAttachment[] = [];
  let total = 0;
  for (const item of list) {
    let content: Buffer;
    let fetchedType: string | undefined;
    if (item.content !== undefined) {
      content = Buffer.from(item.content.replace(/\s+/g, ''), 'base64');
    } else {
      ({ content, fetchedType } = await download(
        item.filename,
        item.url as string,
        MAIL_LIMITS.attachmentsMaxBytes - total,
        policy,
      ));
    }
    total += content.length;
    if (total > MAIL_LIMITS.attachmentsMaxBytes) throw tooLarge();
    prepared.push({
      filename: item.filename,
      contentType: item.contentType ?? fetchedType ?? contentTypeFor(item.filename),
      content,
    });
  }
  return prepared;
}

async function download(
  filename: string,
  url: string,
  budget: number,
  policy: AttachmentPolicy,
): Promise<{ content: Buffer; fetchedType: string | undefined }> {
  let fetchedType: string | undefined;
  try {
    const content = await policy.downloads.run(budget, async (maxBytes) => {
      const response = await requestPublicUrl(
        url,
        { allowPrivate: policy.allowPrivate },
        { method: 'GET', timeoutMs: policy.timeoutMs, maxBytes },
      );
      if (response.status < 200 || response.status >= 300) {
        throw new AppError('ATTACHMENT_FETCH_FAILED', MAIL_MESSAGES.attachmentFetchFailed(filename, `HTTP ${response.status}`));
      }
      const type = response.headers['content-type'];
      fetchedType = typeof type === 'string' && CONTENT_TYPE.test(type) ? type : undefined;
      return response.body;
    });
    return { content, fetchedType };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof RequestBytesExhausted) throw requestTooLarge(error.limit);
    if (error instanceof TargetError) {
      if (error.problem === 'scheme') throw invalid(MAIL_MESSAGES.attachmentUrlScheme(filename));
      if (error.problem === 'private') {
        throw new AppError('ATTACHMENT_URL_FORBIDDEN', MAIL_MESSAGES.attachmentUrlPrivate(filename));
      }
      if (error.message.startsWith('larger than')) throw tooLarge();
    }
    const reason = error instanceof Error ? error.message || (error as NodeJS.ErrnoException).code || 'error' : String(error);
    throw new AppError('ATTACHMENT_FETCH_FAILED', MAIL_MESSAGES.attachmentFetchFailed(filename, reason));
  }
}
