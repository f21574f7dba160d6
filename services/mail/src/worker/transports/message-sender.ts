// Sends one composed message through the account's provider.
import type { Transport } from '@mailwright/contracts';
import type Mail from 'nodemailer/lib/mailer/index.js';
import { buildRawMessage } from '../compose-message';
import { GmailSender } from './gmail-sender';
import { OutlookSender } from './outlook-sender';
import { SmtpSender } from './smtp-sender';

export class MessageSender {
  private readonly smtp: SmtpSender;
  private readonly gmail = new GmailSender();
  private readonly outlook = new OutlookSender();

  /** smtpConnections: pooled SMTP connections per account in this process (SMTP_MAX_CONNECTIONS). */
  constructor(options: { smtpConnections?: number } = {}) {
    this.smtp = new SmtpSender({ maxConnections: options.smtpConnections ?? 5 });
  }

  async send(transport: Transport, message: Mail.Options): Promise<void> {
    switch (transport.provider) {
      case 'smtp':
        return this.smtp.send(transport, message);
      case 'gmail':
        return this.gmail.send(transport, await buildRawMessage(message));
      case 'outlook':
        return this.outlook.send(transport, await buildRawMessage(message));
    }
  }

  close(): void {
    this.smtp.close();
  }
}
