// A Microsoft Graph client that signs requests to the configured Graph base only. The library's own
// AuthenticationHandler signs https Graph hosts and strips the header elsewhere, which would leave a
// configured stand-in (tests, sovereign clouds) unauthenticated.
import { Client, type Context, HTTPMessageHandler, type Middleware } from '@microsoft/microsoft-graph-client';

class BearerForGraphBase implements Middleware {
  private next?: Middleware;

  constructor(
    private readonly origin: string,
    private readonly accessToken: string,
  ) {}

  async execute(context: Context): Promise<void> {
    const url = typeof context.request === 'string' ? context.request : context.request.url;
    const headers = new Headers(context.options?.headers as ConstructorParameters<typeof Headers>[0]);
    if (new URL(url).origin === this.origin) headers.set('Authorization', `Bearer ${this.accessToken}`);
    else headers.delete('Authorization');
    context.options = { ...context.options, headers };
    await this.next?.execute(context);
  }

  setNext(next: Middleware): void {
    this.next = next;
  }
}

export function graphClient(graph: { baseUrl: string; version: string }, accessToken: string): Client {
  const auth = new BearerForGraphBase(new URL(graph.baseUrl).origin, accessToken);
  auth.setNext(new HTTPMessageHandler());
  return Client.initWithMiddleware({ middleware: auth, baseUrl: graph.baseUrl, defaultVersion: graph.version });
}
