// JSON calls through a fault stack's gateway, and the users, accounts and plans the suites need.
import { randomBytes } from 'node:crypto';
import { Agent, fetch as undiciFetch } from 'undici';
import { type ApiResponse, callJson, type CallOptions as E2eCallOptions, uniqueEmail } from '../../e2e/support/api';
import type { SmtpSink } from '../../e2e/support/smtp-sink';
import { waitFor } from '../../e2e/support/wait-for';
import type { FaultStack } from './fault-stack';

export { type ApiResponse, uniqueEmail } from '../../e2e/support/api';
export { waitFor } from '../../e2e/support/wait-for';

export interface CallOptions extends E2eCallOptions {
  /** Call from another loopback source address (127.0.0.x) so per-IP rate limits see a different client. */
  fromHost?: string;
  timeoutMs?: number;
}

const agents = new Map<string, Agent>();
const agentFor = (localAddress: string) => {
  let agent = agents.get(localAddress);
  if (!agent) {
    agent = new Agent({ localAddress });
    agents.set(localAddress, agent);
  }
  return agent;
};

export class Client {
  constructor(private readonly gatewayUrl: string) {}

  call<T = Record<string, unknown>>(path: string, options: CallOptions = {}): Promise<ApiResponse<T>> {
    const { fromHost } = options;
    return callJson<T>(`${this.gatewayUrl}${path}`, options, {
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
      ...(fromHost ? { send: (url, init) => sendFrom(fromHost, url, init) } : {}),
    });
  }
}

/** fetch from another loopback source address (undici's agent with a local address). */
async function sendFrom(localAddress: string, url: string, init: RequestInit): Promise<Response> {
  const response = await undiciFetch(url, {
    ...(init as Parameters<typeof undiciFetch>[1]),
    body: init.body as string | Uint8Array | undefined,
    dispatcher: agentFor(localAddress),
  });
  return response as unknown as Response;
}

export interface User {
  email: string;
  password: string;
  token: string;
  userId: string;
}

/** Signs a user up, follows the verification link the sink received, and logs in. */
export async function signUpVerified(
  client: Client,
  sink: SmtpSink,
  label: string,
  options: { password?: string; fromHost?: string } = {},
): Promise<User> {
  const password = options.password ?? `pw-${randomBytes(6).toString('hex')}`;
  const email = uniqueEmail(label);
  const signup = await client.call('/api/auth/signup', {
    body: { name: `${label} tester`, email, password },
    fromHost: options.fromHost,
  });
  if (signup.status !== 201) throw new Error(`signup failed: ${signup.status} ${signup.text}`);
  const mail = await waitFor(`verification mail to ${email}`, () => sink.messages.find((m) => m.envelopeTo.includes(email)));
  const link = `${mail.text}\n${mail.html}`.match(/\/verify-email\/([A-Za-z0-9_.~-]+)/);
  if (!link?.[1]) throw new Error('no verification link');
  const verify = await client.call(`/api/auth/verify-email/${link[1]}`);
  if (verify.status !== 200) throw new Error(`verify failed: ${verify.status} ${verify.text}`);
  const login = await client.call<{ token: string; user: { _id: string } }>('/api/auth/login', {
    body: { email, password },
    fromHost: options.fromHost,
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.text}`);
  return { email, password, token: login.body.token, userId: login.body.user._id };
}

/** Adds an SMTP account that sends into the sink; returns its id. */
export async function addSinkAccount(
  client: Client,
  sink: SmtpSink,
  token: string,
  smtpPassword = `smtp-${randomBytes(8).toString('hex')}`,
): Promise<string> {
  const response = await client.call<{ data: { _id: string } }>('/api/email-accounts/smtp', {
    token,
    body: {
      email: uniqueEmail('sender'),
      displayName: 'Fault Sender',
      host: '127.0.0.1',
      port: sink.smtpPort,
      secure: false,
      username: 'sender',
      password: smtpPassword,
    },
  });
  if (response.status !== 201) throw new Error(`add account failed: ${response.status} ${response.text}`);
  return response.body.data._id;
}

/** Buys a plan through the gateway: create-order, the stand-in checkout pays, verify. */
export async function upgrade(client: Client, fs: FaultStack, token: string, plan: 'pro' | 'enterprise'): Promise<void> {
  const order = await client.call<{ orderId: string }>('/api/payments/create-order', { token, body: { plan } });
  if (order.status !== 200 && order.status !== 201) throw new Error(`create-order failed: ${order.status} ${order.text}`);
  const paid = await fetch(`${fs.razorpay.checkoutOrigin}/pay?order_id=${encodeURIComponent(order.body.orderId)}`, {
    method: 'POST',
  });
  const checkout = (await paid.json()) as Record<string, string>;
  const verify = await client.call('/api/payments/verify', { token, body: { ...checkout, plan } });
  if (verify.status !== 200) throw new Error(`verify payment failed: ${verify.status} ${verify.text}`);
}

/** Runs `task` over `items` with at most `limit` at once. */
export async function mapLimit<T, R>(items: T[], limit: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T, index);
    }
  });
  await Promise.all(runners);
  return results;
}
