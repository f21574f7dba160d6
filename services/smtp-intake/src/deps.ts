// What the SMTP handlers are given: the outbound adapters, the per-key limits, the metrics, the settings. Built in
// app.ts (tests pass stand-ins for any of them).
import type { AcceptedSmtpMessage, AcceptSmtpMessageBody, ResolvedApiKey, SmtpSender } from '@mailwright/contracts';
import type { EntitlementsSource } from '@mailwright/kit';
import type { Logger } from 'pino';
import type { IntakeMetrics } from './metrics';

export interface ApiKeyLookup {
  /** The key's owner and state; null when identity knows no such key. */
  resolve(key: string): Promise<ResolvedApiKey | null>;
}

export interface MailIntake {
  /** The sender account or pool `address` names for this user; throws the mail service's AppError otherwise. */
  checkSender(userId: string, address: string): Promise<SmtpSender>;
  accept(body: AcceptSmtpMessageBody): Promise<AcceptedSmtpMessage>;
}

/** A held connection slot of one API key; release it when the connection closes. */
export interface ConnectionSlot {
  release(): Promise<void>;
}

export interface KeyLimits {
  /** A slot for one more connection of `apiKeyId`, or null when it already holds its maximum. */
  openConnection(apiKeyId: string): Promise<ConnectionSlot | null>;
  /** Counts one message of `apiKeyId` in the current minute; false when the minute's allowance is used up. */
  countMessage(apiKeyId: string): Promise<boolean>;
}

export interface SignInFailures {
  /** Whether `address` (see clientAddressKey) made the maximum of failed sign-ins within the window. */
  tooMany(address: string): Promise<boolean>;
  /** Counts one failed sign-in of `address`. */
  record(address: string): Promise<void>;
}

export interface KeyUsage {
  /** Reports that `apiKeyId` signed in, for identity's "last used"; off the sign-in path, never throws. */
  record(apiKeyId: string): void;
}

export interface IntakeSettings {
  messageMaxBytes: number;
  recipientsMax: number;
  acceptTimeoutMs: number;
  /** The deadline of one DATA transfer, from 354 to the final dot. */
  dataTimeoutMs: number;
}

export interface IntakeDeps {
  apiKeys: ApiKeyLookup;
  entitlements: EntitlementsSource;
  mail: MailIntake;
  limits: KeyLimits;
  signInFailures: SignInFailures;
  keyUsage: KeyUsage;
  metrics: IntakeMetrics;
  log: Logger;
  settings: IntakeSettings;
}
