// Proves SMTP settings work before they are saved: connect, STARTTLS or TLS, and AUTH, with a short timeout.
import { isIP } from 'node:net';
import { AppError } from '@mailwright/kit';
import nodemailer from 'nodemailer';
import type { Config } from '../config';
import type { SmtpSettings } from '../domain/smtp-settings';
import { checkTargetHost } from './check-target-host';

export type VerifyOptions = Pick<Config, 'ALLOW_PRIVATE_TARGETS' | 'SMTP_VERIFY_TIMEOUT_MS'>;

export async function verifySmtpSettings(settings: SmtpSettings, options: VerifyOptions): Promise<void> {
  const target = await checkTargetHost(settings.host, options.ALLOW_PRIVATE_TARGETS);
  const timeoutMs = options.SMTP_VERIFY_TIMEOUT_MS;
  const transport = nodemailer.createTransport({
    host: target.connectTo,
    port: settings.port,
    secure: settings.secure,
    auth: { user: settings.username, pass: settings.password },
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    dnsTimeout: timeoutMs,
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
