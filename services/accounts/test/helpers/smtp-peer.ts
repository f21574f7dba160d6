// kit's SMTP test peer as these tests use it: AUTH required and checked against `users`, already listening.
import { SmtpPeer } from '@mailwright/kit/testing';

export async function startSmtpPeer(users: Record<string, string>): Promise<SmtpPeer> {
  const peer = new SmtpPeer({ users, authRequired: true });
  await peer.start();
  return peer;
}
