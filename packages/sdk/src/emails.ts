// The email calls an API key makes: send, schedule, batch, and reading back what it sent.
import { type AttachmentInput, toApiAttachment } from './attachments';
import type { HttpClient } from './http';
import type { BatchSendResponse, Email, EmailListResponse, EmailStatus, SendEmailBody } from './types';

/** A send payload whose attachments may be given as bytes (see AttachmentInput). */
export type SendEmailInput = Omit<SendEmailBody, 'attachments'> & { attachments?: AttachmentInput[] };

export interface ScheduleEmailInput extends Omit<SendEmailInput, 'scheduledAt' | 'timezone'> {
  /** An ISO instant, or a wall time without offset read in `timezone`; a Date is sent as its instant. */
  scheduledAt: string | Date;
  /** An IANA zone name, e.g. Europe/Paris (UTC when not given). */
  timezone?: string;
}

export interface SendOptions {
  /**
   * Makes the send safe to repeat: the same key with the same body answers the first email, not a new one (409
   * IDEMPOTENCY_KEY_REUSED with a different body). When not given the SDK makes one per call, so its own retries
   * never send twice.
   */
  idempotencyKey?: string;
}

export interface ListEmailsQuery {
  /** Default 1. */
  page?: number;
  /** Emails per page, 1 to 100. Default 20. */
  limit?: number;
  status?: EmailStatus;
  search?: string;
  /** YYYY-MM-DD (whole day, UTC) or an ISO instant. */
  from?: string;
  to?: string;
}

export interface EmailPage extends EmailListResponse {
  /** The next page, or null after the last one. */
  next(): Promise<EmailPage | null>;
}

const toBody = (input: SendEmailInput): SendEmailBody => {
  const { attachments, ...rest } = input;
  return attachments ? { ...rest, attachments: attachments.map(toApiAttachment) } : rest;
};

export class Emails {
  constructor(private readonly http: HttpClient) {}

  /** POST /api/emails/api/send. */
  async send(input: SendEmailInput, options: SendOptions = {}): Promise<Email> {
    const idempotencyKey = options.idempotencyKey ?? crypto.randomUUID();
    const answer = await this.http.request<{ data: Email }>({
      method: 'POST',
      path: '/api/emails/api/send',
      body: toBody(input),
      headers: { 'Idempotency-Key': idempotencyKey },
      auth: 'apiKey',
      idempotent: true,
    });
    return answer.data;
  }

  /** A send for later: status `scheduled` until scheduledAt. */
  schedule(input: ScheduleEmailInput, options: SendOptions = {}): Promise<Email> {
    const scheduledAt = input.scheduledAt instanceof Date ? input.scheduledAt.toISOString() : input.scheduledAt;
    return this.send({ ...input, scheduledAt }, options);
  }

  /**
   * POST /api/emails/api/batch: up to 100 emails, each accepted or rejected on its own (207). Like a send, the batch
   * carries an Idempotency-Key (made per call when not given), so a retried batch answers the first one's results.
   */
  batch(emails: SendEmailInput[], options: SendOptions = {}): Promise<BatchSendResponse> {
    return this.http.request<BatchSendResponse>({
      method: 'POST',
      path: '/api/emails/api/batch',
      body: { emails: emails.map(toBody) },
      headers: { 'Idempotency-Key': options.idempotencyKey ?? crypto.randomUUID() },
      auth: 'apiKey',
      idempotent: true,
    });
  }

  /** GET /api/emails/api/{id}: one email of this key's account (a server with API-key reads; the key's `read` scope). */
  async get(id: string): Promise<Email> {
    const answer = await this.http.request<{ data: Email }>({
      method: 'GET',
      path: `/api/emails/api/${encodeURIComponent(id)}`,
      auth: 'apiKey',
      idempotent: true,
    });
    return answer.data;
  }

  /** GET /api/emails/api: one page of emails, newest first, with `next()` (API-key reads; the `read` scope). */
  async list(query: ListEmailsQuery = {}): Promise<EmailPage> {
    const answer = await this.http.request<EmailListResponse>({
      method: 'GET',
      path: '/api/emails/api',
      query: { ...query },
      auth: 'apiKey',
      idempotent: true,
    });
    const { page, pages } = answer.pagination;
    return { ...answer, next: () => (page < pages ? this.list({ ...query, page: page + 1 }) : Promise.resolve(null)) };
  }

  /** Every page from `query.page` (default 1) to the last: `for await (const page of mw.emails.pages()) …`. */
  async *pages(query: ListEmailsQuery = {}): AsyncGenerator<EmailPage> {
    let page: EmailPage | null = await this.list(query);
    while (page) {
      yield page;
      page = await page.next();
    }
  }
}
