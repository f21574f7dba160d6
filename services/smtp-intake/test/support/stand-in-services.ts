// One HTTP server standing in for identity, billing and mail as the intake calls them: API keys, plans and sender
// addresses come from tables the test sets; accepted messages are recorded (a repeated Message-ID is answered as a
// replay, as mail does), API key usage reports are recorded; `failures` makes a route answer with an error instead.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type AcceptSmtpMessageBody,
  type Entitlements,
  FREE_ENTITLEMENTS,
  POOL_ADDRESS_PATTERN,
  type ResolvedApiKey,
  SMTP_INTAKE_MESSAGES,
} from '@mailwright/contracts';
import { PRO_ENTITLEMENTS } from '@mailwright/kit/testing';

export interface StoredMessage extends AcceptSmtpMessageBody {
  id: string;
  /** `raw`, decoded. */
  bytes: Buffer;
}

export interface StandInServices {
  url: string;
  apiKeys: Map<string, ResolvedApiKey>;
  plans: Map<string, Entitlements>;
  /** The sender account addresses of each user (lower case). */
  senders: Map<string, Set<string>>;
  messages: StoredMessage[];
  /** How many sender checks (/internal/smtp/senders) were asked. */
  senderChecks: number;
  /** The key ids of each API key usage report (identity's "last used"), in order. */
  keyUsageReports: string[][];
  /** An error answer for every request to a path: status and body. */
  failures: Map<string, { status: number; body: { message: string; code: string } }>;
  /** How long /internal/smtp/messages waits before answering (a slow mail service). */
  acceptDelayMs: number;
  close(): Promise<void>;
}

const json = (status: number, body: unknown): [number, unknown] => [status, body];

export async function startStandInServices(): Promise<StandInServices> {
  const state: Omit<StandInServices, 'url' | 'close'> = {
    apiKeys: new Map(),
    plans: new Map(),
    senders: new Map(),
    messages: [],
    senderChecks: 0,
    keyUsageReports: [],
    failures: new Map(),
    acceptDelayMs: 0,
  };
  const replays = new Map<string, string>();

  const answer = (path: string, body: string): [number, unknown] => {
    const failure = state.failures.get(path);
    if (failure) return json(failure.status, failure.body);
    if (path === '/internal/api-keys/resolve') {
      const resolved = state.apiKeys.get((JSON.parse(body) as { key: string }).key);
      return resolved ? json(200, { data: resolved }) : json(404, { message: 'API key not found', code: 'NOT_FOUND' });
    }
    if (path === '/internal/api-keys/usage') {
      state.keyUsageReports.push((JSON.parse(body) as { apiKeyIds: string[] }).apiKeyIds);
      return json(204, undefined);
    }
    const entitlementsOf = path.match(/^\/internal\/entitlements\/([^/]+)$/)?.[1];
    if (entitlementsOf !== undefined) {
      const user = decodeURIComponent(entitlementsOf);
      return json(200, { data: state.plans.get(user) ?? (user.startsWith('free') ? FREE_ENTITLEMENTS : PRO_ENTITLEMENTS) });
    }
    if (path === '/internal/smtp/senders') {
      state.senderChecks += 1;
      const { userId, address } = JSON.parse(body) as { userId: string; address: string };
      const pool = POOL_ADDRESS_PATTERN.exec(address)?.[1];
      if (pool) return json(200, { data: { kind: 'pool', id: pool, email: address } });
      if (state.senders.get(userId)?.has(address.toLowerCase())) {
        return json(200, { data: { kind: 'account', id: `account-${address}`, email: address } });
      }
      return json(404, { message: SMTP_INTAKE_MESSAGES.notYourSender(address), code: 'NOT_FOUND' });
    }
    if (path === '/internal/smtp/messages') {
      const submitted = JSON.parse(body) as AcceptSmtpMessageBody;
      const bytes = Buffer.from(submitted.raw, 'base64');
      const messageId = /^message-id:\s*(.+)$/im.exec(bytes.toString('latin1'))?.[1]?.trim();
      const replayKey = messageId ? `${submitted.userId} ${messageId}` : undefined;
      const replayed = replayKey ? replays.get(replayKey) : undefined;
      if (replayed) return json(200, { data: { id: replayed, status: 'queued', replayed: true } });
      const id = crypto.randomUUID();
      if (replayKey) replays.set(replayKey, id);
      state.messages.push({ ...submitted, id, bytes });
      return json(201, { data: { id, status: 'queued', replayed: false } });
    }
    return json(404, { message: 'Not found', code: 'NOT_FOUND' });
  };

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = (request.url ?? '/').split('?', 1)[0] ?? '/';
      const [status, payload] = answer(path, Buffer.concat(chunks).toString());
      const delay = path === '/internal/smtp/messages' ? state.acceptDelayMs : 0;
      setTimeout(() => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(payload === undefined ? undefined : JSON.stringify(payload));
      }, delay);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(state, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
}
