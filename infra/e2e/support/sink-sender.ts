// For suites that start a stack of their own (tracing: the dev stack and the image bundles): a verified user whose
// SMTP account sends to the suite's sink, all through the public API.
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { type CallOptions, callJson } from './api';
import type { SmtpSink } from './smtp-sink';
import { waitFor } from './wait-for';

/** A verified, signed-in user (its session token, and the verification token it was mailed) sending to the sink. */
export async function sinkSender(
  gatewayUrl: string,
  sink: SmtpSink,
  label: string,
): Promise<{ token: string; verifyToken: string }> {
  const api = <T = Record<string, unknown>>(route: string, options: CallOptions = {}) =>
    callJson<T>(`${gatewayUrl}${route}`, options);
  const email = `${label}-${randomBytes(4).toString('hex')}@example.test`;
  const password = 'secret-pass-1';
  expect((await api('/api/auth/signup', { body: { name: 'Tracer', email, password } })).status).toBe(201);
  const mail = await waitFor('the verification mail', () => sink.messages.find((message) => message.to.includes(email)));
  const verifyToken = `${mail.text}\n${mail.html}`.match(/\/verify-email\/([^\s"'<>]+)/)?.[1] ?? 'no-verification-token';
  expect((await api(`/api/auth/verify-email/${verifyToken}`)).status).toBe(200);
  const login = await api<{ token: string }>('/api/auth/login', { body: { email, password } });
  const account = await api('/api/email-accounts/smtp', {
    token: login.body.token,
    body: {
      email: `${label}@sender.test`,
      displayName: 'Tracer',
      host: '127.0.0.1',
      port: sink.smtpPort,
      secure: false,
      username: 'sender',
      password: 'sink-accepts-anything',
    },
  });
  expect(account.status).toBe(201);
  return { token: login.body.token, verifyToken };
}
