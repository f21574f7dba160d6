// Proves SMTP settings work before they are saved: connect, STARTTLS or TLS, and AUTH, with a short timeout, through
// the same SMTP client the mail worker sends with (kit's SmtpSession), so settings that pass here can send.
import { AppError, SmtpSession } from '@mailwright/kit';
import type { Config } from '../config';
import type { SmtpSettings } from '../domain/smtp-settings';
import { checkTargetHost } from './check-target-host';

export type VerifyOptions = Pick<Config, 'ALLOW_PRIVATE_TARGETS' | 'SMTP_VERIFY_TIMEOUT_MS'>;

export async function verifySmtpSettings(settings: SmtpSettings, options: VerifyOptions): Promise<void> {
  const target = await checkTargetHost(settings.host, options.ALLOW_PRIVATE_TARGETS);
  const timeoutMs = options.SMTP_VERIFY_TIMEOUT_MS;
  const session = new SmtpSession({
    address: target.connectTo,
    port: settings.port,
    secure: settings.secure,
    serverName: target.serverName,
    auth: { user: settings.username, pass: settings.password },
    timeouts: { connectMs: timeoutMs, greetingMs: timeoutMs, idleMs: timeoutMs },
  });
  try {
    await session.start();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new AppError('SMTP_VERIFY_FAILED', `Could not verify SMTP settings: ${reason}`);
  } finally {
    session.quit();
  }
}
