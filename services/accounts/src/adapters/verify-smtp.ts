// Proves SMTP settings work before they are saved: connect, STARTTLS or TLS, and AUTH, with a short timeout.
import { isIP } from 'node:net';
import { AppError } from '@mailwright/kit';
import nodemailer from 'nodemailer';
import type { SmtpSettings } from '../domain/smtp-settings';
import { checkTargetHost } from './check-target-host';

export interface VerifyOptions {
  allowPrivateTargets: boolean;
  timeoutMs: number;
}

export async function verifySmtpSettings(settings: SmtpSettings, options: VerifyOptions): Promise<void> {
  const target = await checkTargetHost(settings.host, options.allowPrivateTargets);
  const transport = nodemailer.createTransport({
    host: target.connectTo,
    port: settings.port,
    secure: settings.secure,
    auth: { user: settings.username, pass: settings.password },
    connectionTimeout: options.timeoutMs,
    greetingTimeout: options.timeoutMs,
    socketTimeout: options.timeoutMs,
    dnsTimeout: options.timeoutMs,
    tls: isIP(target.serverName) ? {} : { servername: target.serverName },
  });
  try {
    await transport.verify();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new AppError('SMTP_VERIFY_FAILED', `Could not verify SMTP settings: ${reason}`);
  } finally {
    transport.close();
  }
}
