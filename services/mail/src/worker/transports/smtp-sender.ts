// SMTP through nodemailer pooled transports, one per account, kept while the account's settings are unchanged.
import { createHash } from 'node:crypto';
import type { Transport } from '@mailwright/contracts';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer/index.js';
import { smtpFailure } from '../send-failure';

type SmtpTransport = Extract<Transport, { provider: 'smtp' }>;

export class SmtpSender {
  private readonly pools = new Map<string, { fingerprint: string; transporter: nodemailer.Transporter }>();

  constructor(private readonly options = { maxConnections: 5 }) {}

  async send(transport: SmtpTransport, message: Mail.Options): Promise<void> {
    try {
      await this.transporterFor(transport).sendMail(message);
    } catch (error) {
      throw smtpFailure(error);
    }
  }

  close(): void {
    for (const { transporter } of this.pools.values()) transporter.close();
    this.pools.clear();
  }

  private transporterFor(transport: SmtpTransport): nodemailer.Transporter {
    const { smtp } = transport;
    const fingerprint = createHash('sha256')
      .update(JSON.stringify([smtp.host, smtp.port, smtp.secure, smtp.username, smtp.password]))
      .digest('hex');
    const existing = this.pools.get(transport.accountId);
    if (existing?.fingerprint === fingerprint) return existing.transporter;
    existing?.transporter.close();
    const transporter = nodemailer.createTransport({
      pool: true,
      maxConnections: this.options.maxConnections,
      maxMessages: 1_000,
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      auth: smtp.username ? { user: smtp.username, pass: smtp.password } : undefined,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 60_000,
      logger: false,
    });
    this.pools.set(transport.accountId, { fingerprint, transporter });
    return transporter;
  }
}
