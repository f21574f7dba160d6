// Shapes every route shares: the error body, id parameters and the { data } envelope.
import { type TSchema, Type } from '@sinclair/typebox';
import { ERROR_CODES, type ErrorCode } from './errors';

export const ErrorBody = Type.Object(
  {
    message: Type.String(),
    code: Type.Unsafe<ErrorCode>({ type: 'string', enum: Object.keys(ERROR_CODES) }),
    requiresVerification: Type.Optional(Type.Boolean()),
    /** The request field the error is about, where one is (the web app shows the message next to it). */
    field: Type.Optional(Type.String()),
  },
  { $id: 'ErrorBody', description: 'Every failure answers this shape.' },
);

export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

/** `{ data: T }` — the spec's clients read lists and created items from `data.data`. */
export const Envelope = <T extends TSchema>(data: T) => Type.Object({ data });

export const MessageBody = Type.Object({ message: Type.String() });

/** Pragmatic email address check shared by every route (the browser form uses type=email). */
export const EmailAddress = Type.String({ format: 'email', maxLength: 254 });

export const Timestamp = Type.String({ format: 'date-time' });

/** A server's host name or address (SMTP, IMAP); the services resolve and check it. */
export const HostName = Type.String({ minLength: 1, maxLength: 253, pattern: '^[A-Za-z0-9._:\\[\\]-]+$' });

/** A port field; the web forms may send it as a numeric string. */
export const PortField = Type.Union([Type.Integer({ minimum: 1, maximum: 65535 }), Type.String({ pattern: '^[0-9]{1,5}$' })]);

/** A mail server and the sign-in shown for it (SMTP sending, IMAP reading); the password is write-only. */
export const ServerSignIn = Type.Object({
  host: Type.String(),
  port: Type.Integer(),
  secure: Type.Boolean(),
  username: Type.String(),
});

/** The same with its password: internal answers to the mail worker only, never logged. */
export const ServerCredentials = Type.Object({ ...ServerSignIn.properties, password: Type.String() });
