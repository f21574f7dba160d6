// SMTP through a connection pool per account, kept while the account's settings are unchanged. Messages are
// built to bytes here (the plain builder for single-part emails, MailComposer for the rest) and the pool only
// moves bytes.
import { createHash } from 'node:crypto';
import type { Transport } from '@mailwright/contracts';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type Mail from 'nodemailer/lib/mailer/index.js';
import type { Deadline } from '../send-deadline';
import { smtpFailure } from '../send-failure';
import { type BuiltMessage, buildPlainMessage } from './plain-message';
import { SmtpPool } from './smtp-pool';
import type { HostResolver } from './smtp-target';

type SmtpTransport = Extract<Transport, { provider: 'smtp' }>;

async function buildMessage(message: Mail.Options): Promise<BuiltMessage> {
  // A submitted message (compose-submitted.ts) is already bytes, with its envelope.
  if (Buffer.isBuffer(message.raw)) return { envelope: message.envelope as BuiltMessage['envelope'], raw: message.raw };
  const plain = buildPlainMessage(message);
  if (plain) return plain;
  const node = new MailComposer(message).compile();
  const envelope = node.getEnvelope();
  return { envelope: { from: envelope.from || '', to: envelope.to }, raw: await node.build() };
}

export interface SmtpSenderOptions {
  /** Pooled connections per account (SMTP_MAX_CONNECTIONS). */
  maxConnections: number;
  /** ALLOW_PRIVATE_TARGETS: otherwise every connection refuses hosts that resolve to internal addresses. */
  allowPrivate: boolean;
  resolve?: HostResolver;
}

export class SmtpSender {
  private readonly pools = new Map<string, { fingerprint: string; pool: SmtpPool }>();
  private readonly fingerprints = new WeakMap<SmtpTransport, string>();

  constructor(private readonly options: SmtpSenderOptions) {}

  /** deadline: the delivery's; the pool stops waiting, connecting or sending when it passes. */
  async send(transport: SmtpTransport, message: Mail.Options, deadline?: Deadline): Promise<void> {
    try {
      const { envelope, raw } = await buildMessage(message);
      await this.poolFor(transport).send(envelope, raw, deadline);
    } catch (error) {
      throw smtpFailure(error);
    }
  }

  close(): void {
    for (const { pool } of this.pools.values()) pool.close();
    this.pools.clear();
  }

  private poolFor(transport: SmtpTransport): SmtpPool {
    const { smtp } = transport;
    let fingerprint = this.fingerprints.get(transport);
    if (fingerprint === undefined) {
      fingerprint = createHash('sha256')
        .update(JSON.stringify([smtp.host, smtp.port, smtp.secure, smtp.username, smtp.password]))
        .digest('hex');
      this.fingerprints.set(transport, fingerprint);
    }
    const existing = this.pools.get(transport.accountId);
    if (existing?.fingerprint === fingerprint) return existing.pool;
    existing?.pool.close();
    const pool = new SmtpPool(
      {
        host: smtp.host,
        port: smtp.port,
        secure: smtp.secure,
        auth: smtp.username ? { user: smtp.username, pass: smtp.password } : undefined,
      },
      this.options.maxConnections,
      { allowPrivate: this.options.allowPrivate, resolve: this.options.resolve },
    );
    this.pools.set(transport.accountId, { fingerprint, pool });
    return pool;
  }
}
