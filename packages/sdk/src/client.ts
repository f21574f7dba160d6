// The entry point: `new Mailwright({ apiKey, baseUrl })`.
import { ApiKeys, Templates } from './account';
import { Emails } from './emails';
import { HttpClient } from './http';
import type { RetryOptions } from './retry';
import { type VerifyOptions, verifySignature } from './webhooks';

export interface MailwrightOptions {
  /** An API key (Pro and Enterprise plans): sends and reads emails. */
  apiKey?: string;
  /** Where your Mailwright is, e.g. https://mail.example.com. */
  baseUrl: string;
  /** A signed-in user's token, for templates and apiKeys. */
  token?: string;
  /** Network errors, 429 and 5xx are tried again: 3 tries in all unless set here. */
  retry?: RetryOptions;
  /** Per try. Default 30 000 ms. */
  timeoutMs?: number;
  /** Another fetch (tests, proxies). */
  fetch?: typeof fetch;
}

export class Mailwright {
  readonly emails: Emails;
  readonly templates: Templates;
  readonly apiKeys: ApiKeys;
  readonly webhooks = {
    /** Whether a webhook delivery's Mailwright-Signature header is valid for this raw body and secret. */
    verifySignature: (secret: string, rawBody: string | Uint8Array, header: string | null | undefined, options?: VerifyOptions) =>
      verifySignature(secret, rawBody, header, options),
  };

  constructor(options: MailwrightOptions) {
    if (!options?.baseUrl) throw new TypeError('new Mailwright({ baseUrl }) needs the URL of your Mailwright');
    const http = new HttpClient(options);
    this.emails = new Emails(http);
    this.templates = new Templates(http);
    this.apiKeys = new ApiKeys(http);
  }
}
