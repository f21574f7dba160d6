// The platform's own mail (verification and reset links, notices to a user). Without SYSTEM_SMTP_URL the link
// (or, for a notice, its subject) is logged instead, so a local user can still sign up.
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';

export interface SystemMessage {
  to: string;
  subject: string;
  /** Used for the log line when no SMTP server is configured, e.g. 'Verification link'. */
  label: string;
  /** The link the mail is about, logged when no SMTP server is configured; a notice without one logs its subject. */
  link?: string;
  text: string;
  html: string;
}

export interface LinkMessage extends SystemMessage {
  link: string;
}

export interface SystemMailer {
  send(message: SystemMessage): Promise<void>;
  close(): void;
}

export function createSystemMailer(options: { smtpUrl?: string; from: string; log: FastifyBaseLogger }): SystemMailer {
  const { smtpUrl, from, log } = options;
  if (!smtpUrl) {
    return {
      async send(message) {
        log.info(`${message.label} for ${message.to}: ${message.link ?? message.subject}`);
      },
      close() {},
    };
  }
  const transport: Transporter = nodemailer.createTransport(smtpUrl, { from });
  return {
    async send(message) {
      await transport.sendMail({ to: message.to, subject: message.subject, text: message.text, html: message.html });
    },
    close() {
      transport.close();
    },
  };
}
