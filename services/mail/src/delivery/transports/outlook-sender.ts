// Outlook through Microsoft Graph /me/sendMail with the MIME message (base64, text/plain), so the Message-ID
// and headers are exactly those of the SMTP path. The client's own retry middleware is left out: failures
// go back to the queue, which retries with backoff. The Graph client is loaded on first use only: most workers
// never send through Outlook, and every worker would otherwise hold it in memory.
import type { Transport } from '@mailwright/contracts';
import type { Client } from '@microsoft/microsoft-graph-client';
import { httpApiFailure } from '../send-failure';

type OutlookTransport = Extract<Transport, { provider: 'outlook' }>;
type GraphModule = typeof import('@microsoft/microsoft-graph-client');

let graphModule: Promise<GraphModule> | undefined;
function loadGraph(): Promise<GraphModule> {
  if (!graphModule) {
    graphModule = import('@microsoft/microsoft-graph-client');
    // A failed load is not kept: the next send tries again.
    graphModule.catch(() => {
      graphModule = undefined;
    });
  }
  return graphModule;
}

/** 'https://graph.microsoft.com/v1.0' → base 'https://graph.microsoft.com/' and version 'v1.0'. */
export function splitGraphUrl(graphUrl: string): { baseUrl: string; version: string } {
  const trimmed = graphUrl.replace(/\/+$/, '');
  const match = /^(.*\/)(v\d+(?:\.\d+)?|beta)$/.exec(trimmed);
  return match ? { baseUrl: match[1] as string, version: match[2] as string } : { baseUrl: `${trimmed}/`, version: 'v1.0' };
}

export class OutlookSender {
  private readonly clients = new Map<string, Client>();

  async send(transport: OutlookTransport, raw: Buffer): Promise<void> {
    let response: Response;
    try {
      // RAW: sendMail answers 202 with no body; the status is checked here rather than by the client's parser.
      const graph = await loadGraph();
      response = await this.clientFor(graph, transport.graphUrl)
        .api('/me/sendMail')
        .header('Authorization', `Bearer ${transport.accessToken}`)
        .header('Content-Type', 'text/plain')
        .responseType(graph.ResponseType.RAW)
        .post(raw.toString('base64'));
    } catch (error) {
      const e = error as { statusCode?: number; message?: string; headers?: Headers };
      throw httpApiFailure('Microsoft Graph', e.statusCode, e.message ?? 'send failed', e.headers?.get?.('retry-after'));
    }
    if (response.ok) return;
    const text = await response.text().catch(() => '');
    let detail = text.slice(0, 500) || response.statusText;
    try {
      detail = (JSON.parse(text) as { error?: { message?: string } }).error?.message ?? detail;
    } catch {}
    throw httpApiFailure('Microsoft Graph', response.status, detail, response.headers.get('retry-after'));
  }

  private clientFor({ Client, HTTPMessageHandler }: GraphModule, graphUrl: string): Client {
    let client = this.clients.get(graphUrl);
    if (!client) {
      const { baseUrl, version } = splitGraphUrl(graphUrl);
      client = Client.initWithMiddleware({ middleware: new HTTPMessageHandler(), baseUrl, defaultVersion: version });
      this.clients.set(graphUrl, client);
    }
    return client;
  }
}
