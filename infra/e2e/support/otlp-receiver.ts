// A local OTLP/HTTP trace receiver for tests: accepts POST /v1/traces in OTLP JSON (what kit's exporter sends) and
// keeps every span, flattened with its process's service.name, so a test can follow one trace across processes.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedSpan {
  service: string;
  scope: string;
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId: string | null;
  kind: number;
  attributes: Record<string, string | number | boolean>;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  doubleValue?: number;
  boolValue?: boolean;
}
interface OtlpAttribute {
  key: string;
  value: OtlpValue;
}
interface OtlpTraces {
  resourceSpans?: Array<{
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: Array<{
      scope?: { name?: string };
      spans?: Array<{
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind?: number;
        attributes?: OtlpAttribute[];
      }>;
    }>;
  }>;
}

const plainValue = (value: OtlpValue): string | number | boolean =>
  value.stringValue ?? (value.intValue !== undefined ? Number(value.intValue) : (value.doubleValue ?? value.boolValue ?? ''));

const attributesOf = (attributes: OtlpAttribute[] = []) =>
  Object.fromEntries(attributes.map((attribute) => [attribute.key, plainValue(attribute.value)]));

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export class OtlpReceiver {
  readonly spans: ReceivedSpan[] = [];
  private server?: Server;

  /** The base URL to give as OTEL_EXPORTER_OTLP_ENDPOINT (the exporter appends /v1/traces). */
  get url(): string {
    const address = this.server?.address() as AddressInfo | null;
    if (!address) throw new Error('the OTLP receiver is not started');
    return `http://127.0.0.1:${address.port}`;
  }

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      if (request.method !== 'POST' || request.url !== '/v1/traces') {
        response.writeHead(404).end();
        return;
      }
      if (!request.headers['content-type']?.startsWith('application/json')) {
        response.writeHead(415).end();
        return;
      }
      bodyOf(request).then(
        (body) => {
          this.accept(JSON.parse(body) as OtlpTraces);
          response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        },
        () => response.writeHead(400).end(),
      );
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
  }

  /** The spans of one trace. */
  trace(traceId: string): ReceivedSpan[] {
    return this.spans.filter((span) => span.traceId === traceId);
  }

  private accept(traces: OtlpTraces): void {
    for (const resourceSpans of traces.resourceSpans ?? []) {
      const service = String(attributesOf(resourceSpans.resource?.attributes)['service.name'] ?? 'unknown');
      for (const scopeSpans of resourceSpans.scopeSpans ?? []) {
        for (const span of scopeSpans.spans ?? []) {
          this.spans.push({
            service,
            scope: scopeSpans.scope?.name ?? '',
            name: span.name,
            traceId: span.traceId,
            spanId: span.spanId,
            parentSpanId: span.parentSpanId || null,
            kind: span.kind ?? 0,
            attributes: attributesOf(span.attributes),
          });
        }
      }
    }
  }
}
