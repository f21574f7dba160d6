// One SMTP listener of the intake: smtp-server with the intake's handlers. Both listeners share the handlers; the
// STARTTLS one allows AUTH before TLS only when it listens on loopback.

import { SMTP_INTAKE_MESSAGES } from '@mailwright/contracts';
import { isLoopbackHost } from '@mailwright/kit';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import type { ConnectionSlot, IntakeDeps } from '../deps';
import { ApprovedSenders } from '../domain/approved-senders';
import { checkRecipient } from '../domain/check-recipient';
import { checkSender } from '../domain/check-sender';
import { clientAddressKey } from '../domain/client-address';
import { unavailable } from '../domain/mail-error-reply';
import type { SignedIn } from '../domain/sign-in';
import { signIn } from '../domain/sign-in';
import { isSmtpReply, SmtpReply } from '../domain/smtp-reply';
import { submitMessage } from '../domain/submit-message';
import { collectMessage } from './collect-message';

export interface ListenerOptions {
  /** `starttls` (submission, 587) or `tls` (implicit TLS, 465): the metrics label too. */
  kind: 'starttls' | 'tls';
  host: string;
  /** The name the server greets with. */
  name?: string;
  tls: { key: Buffer; cert: Buffer };
  maxClients: number;
  socketTimeoutMs: number;
  closeTimeoutMs: number;
}

const signedIn = (session: SMTPServerSession) => session.user as Pick<SignedIn, 'apiKeyId' | 'userId'>;

export function createIntakeServer(deps: IntakeDeps, options: ListenerOptions): SMTPServer {
  const { metrics, log, settings } = deps;
  const listener = options.kind;

  /** Counts the refusal and hands it to smtp-server; anything unexpected becomes a temporary failure. */
  const refuse = (error: unknown, session: SMTPServerSession): SmtpReply => {
    const reply = isSmtpReply(error) ? error : unavailable();
    if (!isSmtpReply(error)) log.error({ err: error, session: session.id }, 'smtp handler failed');
    metrics.rejections.inc({ reason: reply.reason });
    return reply;
  };

  // The connection slot each signed-in session holds, by session id (smtp-server may forget session.user).
  const slots = new Map<string, ConnectionSlot>();
  const releaseSlot = (sessionId: string) => {
    const slot = slots.get(sessionId);
    if (!slot) return;
    slots.delete(sessionId);
    slot.release().catch((error: unknown) => log.warn({ err: error }, 'connection slot not released'));
  };

  // The MAIL FROM addresses mail accepted for each session, by session id.
  const approvals = new Map<string, ApprovedSenders>();
  const approvedFor = (sessionId: string) => {
    let approved = approvals.get(sessionId);
    if (!approved) {
      approved = new ApprovedSenders();
      approvals.set(sessionId, approved);
    }
    return approved;
  };

  /**
   * Answers a session whose DATA stream will not end (smtp-server sends onData's reply only once it has) and closes it.
   */
  const answerAndClose = (session: SMTPServerSession, reply: SmtpReply) => {
    for (const connection of server.connections) {
      if (connection.id !== session.id) continue;
      connection.send(reply.responseCode, reply.message);
      connection.close();
    }
  };

  const server: SMTPServer = new SMTPServer({
    secure: options.kind === 'tls',
    key: options.tls.key,
    cert: options.tls.cert,
    name: options.name || undefined,
    banner: 'Mailwright submission',
    authMethods: ['PLAIN', 'LOGIN'],
    allowInsecureAuth: options.kind === 'starttls' && isLoopbackHost(options.host),
    authRequiredMessage: `5.7.0 ${SMTP_INTAKE_MESSAGES.authRequired}`,
    size: settings.messageMaxBytes,
    // Each reply below carries its own enhanced status code (see SmtpReply).
    hideENHANCEDSTATUSCODES: true,
    hideDSN: true,
    disableReverseLookup: true,
    disabledCommands: options.kind === 'tls' ? ['STARTTLS'] : [],
    maxClients: options.maxClients,
    socketTimeout: options.socketTimeoutMs,
    closeTimeout: options.closeTimeoutMs,
    logger: false,

    onConnect(_session, callback) {
      metrics.connections.inc({ listener });
      metrics.openConnections.inc({ listener });
      callback();
    },

    onAuth(auth, session, callback) {
      // A client may sign in again after STARTTLS (which forgets the first sign-in): its first slot goes first.
      releaseSlot(session.id);
      signIn(deps, auth.password, clientAddressKey(session.remoteAddress)).then(
        ({ slot, ...user }) => {
          slots.set(session.id, slot);
          callback(null, { user });
        },
        (error: unknown) => callback(refuse(error, session)),
      );
    },

    onMailFrom(address, session, callback) {
      checkSender(deps, signedIn(session), address.address, approvedFor(session.id)).then(
        () => callback(),
        (error: unknown) => callback(refuse(error, session)),
      );
    },

    onRcptTo(address, session, callback) {
      try {
        checkRecipient(address.address, session.envelope.rcptTo.length, settings.recipientsMax);
        callback();
      } catch (error) {
        callback(refuse(error, session));
      }
    },

    onData(stream, session, callback) {
      const envelope = session.envelope;
      collectMessage(stream, settings.messageMaxBytes, settings.dataTimeoutMs)
        .then(async (message) => {
          if (message.tooLarge) throw new SmtpReply(552, '5.3.4', SMTP_INTAKE_MESSAGES.tooLarge, 'too_large');
          if (message.raw.length === 0) {
            throw new SmtpReply(550, '5.6.0', SMTP_INTAKE_MESSAGES.malformed('the message is empty'), 'invalid');
          }
          const accepted = await submitMessage(deps, {
            user: signedIn(session),
            mailFrom: envelope.mailFrom ? envelope.mailFrom.address : '',
            recipients: envelope.rcptTo.map((recipient) => recipient.address),
            raw: message.raw,
            sessionId: session.id,
          });
          metrics.accepted.inc({ replayed: String(accepted.replayed) });
          metrics.bytes.inc(message.raw.length);
          callback(null, `2.0.0 Ok: queued as ${accepted.id}`);
        })
        .catch((error: unknown) => {
          const reply = refuse(error, session);
          if (reply.reason === 'data_timeout') answerAndClose(session, reply);
          else callback(reply);
        });
    },

    onClose(session) {
      metrics.openConnections.dec({ listener });
      releaseSlot(session.id);
      approvals.delete(session.id);
    },
  });
  return server;
}
