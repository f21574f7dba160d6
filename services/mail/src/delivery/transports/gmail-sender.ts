// Gmail through @googleapis/gmail users.messages.send with the raw RFC 5322 message (rootUrl from the transport's apiUrl).
// The gmail module is loaded on first use only: with its Google auth stack it is large, and many installations never
// send through Gmail.
import type { Transport } from '@mailwright/contracts';
import { httpApiFailure } from '../send-failure';

type GmailTransport = Extract<Transport, { provider: 'gmail' }>;
type GmailApi = import('@googleapis/gmail').gmail_v1.Gmail;

export class GmailSender {
  private readonly apis = new Map<string, Promise<GmailApi>>();

  async send(transport: GmailTransport, raw: Buffer): Promise<void> {
    const api = await this.apiFor(transport.apiUrl);
    try {
      await api.users.messages.send(
        { userId: 'me', requestBody: { raw: raw.toString('base64url') } },
        { headers: { Authorization: `Bearer ${transport.accessToken}` }, retry: false },
      );
    } catch (error) {
      const e = error as {
        status?: number;
        response?: {
          status?: number;
          data?: { error?: { message?: string } };
          headers?: Record<string, string> | { get(name: string): string | null };
        };
        message?: string;
      };
      const status = e.response?.status ?? e.status;
      const headers = e.response?.headers;
      // gaxios gives a Headers-like object (fetch's or its own) or, in older versions, a plain record.
      const retryAfter =
        typeof headers?.get === 'function'
          ? headers.get('retry-after')
          : (headers as Record<string, string> | undefined)?.['retry-after'];
      throw httpApiFailure('Gmail', status, e.response?.data?.error?.message ?? e.message ?? 'send failed', retryAfter);
    }
  }

  private apiFor(apiUrl: string): Promise<GmailApi> {
    let api = this.apis.get(apiUrl);
    if (!api) {
      api = import('@googleapis/gmail').then((module) =>
        module.gmail({ version: 'v1', rootUrl: `${apiUrl.replace(/\/+$/, '')}/` }),
      );
      this.apis.set(apiUrl, api);
    }
    return api;
  }
}
