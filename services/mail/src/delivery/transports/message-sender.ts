// Sends one composed message through the account's provider, within the delivery's deadline (send-deadline.ts):
// SMTP stops and drops its connection when it passes; an HTTP API call is left to finish on its own, but the
// delivery is answered as timed out at once (retried with backoff).
import type { Transport } from '@mailwright/contracts';
import { inSpan } from '@mailwright/kit';
import type Mail from 'nodemailer/lib/mailer/index.js';
import { buildRawMessage } from '../compose-message';
import { beforeDeadline, type Deadline } from '../send-deadline';
import { SendFailure } from '../send-failure';
import { GmailSender } from './gmail-sender';
import { OutlookSender } from './outlook-sender';
import { SmtpSender } from './smtp-sender';
import type { HostResolver } from './smtp-target';

export interface MessageSenderOptions {
  /** Pooled SMTP connections per account in this process (SMTP_MAX_CONNECTIONS). */
  smtpConnections?: number;
  /** ALLOW_PRIVATE_TARGETS: SMTP hosts may resolve to loopback or private addresses. */
  allowPrivateTargets?: boolean;
  /** How SMTP host names are resolved (tests). */
  resolveHost?: HostResolver;
}

function withinDeadline(work: Promise<void>, deadline: Deadline | undefined, provider: string): Promise<void> {
  return beforeDeadline(work, deadline, () => new SendFailure(`${provider} did not answer before the delivery deadline`, false));
}

export class MessageSender {
  private readonly smtp: SmtpSender;
  private readonly gmail = new GmailSender();
  private readonly outlook = new OutlookSender();

  constructor(options: MessageSenderOptions = {}) {
    this.smtp = new SmtpSender({
      maxConnections: options.smtpConnections ?? 5,
      allowPrivate: options.allowPrivateTargets ?? false,
      resolve: options.resolveHost,
    });
  }

  /** Sends in a client span (email.transport): the provider's own HTTP calls, if any, are its children. */
  send(transport: Transport, message: Mail.Options, deadline?: Deadline): Promise<void> {
    return inSpan(
      'email.transport',
      { 'mailwright.transport': transport.provider },
      () => this.sendBy(transport, message, deadline),
      {
        kind: 'client',
      },
    );
  }

  private async sendBy(transport: Transport, message: Mail.Options, deadline?: Deadline): Promise<void> {
    switch (transport.provider) {
      case 'smtp':
        return this.smtp.send(transport, message, deadline);
      case 'gmail':
        return withinDeadline(this.gmail.send(transport, await buildRawMessage(message)), deadline, 'Gmail');
      case 'outlook':
        return withinDeadline(this.outlook.send(transport, await buildRawMessage(message)), deadline, 'Outlook');
    }
  }

  close(): void {
    this.smtp.close();
  }
}
