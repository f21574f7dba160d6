// admin secrets reseal [--old-key k]… [--new-key k]: after an ENCRYPTION_KEY rotation, every sealed secret opened
// with an old key and sealed with the new one, service by service (identity, accounts, mail), each in a transaction.
import { existsSync, readFileSync } from 'node:fs';
import { AppError, parseEncryptionKey, type ResealCount, SecretBox } from '@mailwright/kit';
import { resealAccountSecrets } from '../../../services/accounts/src/operations/reseal-secrets';
import { resealIdentitySecrets } from '../../../services/identity/src/operations/reseal-secrets';
import { resealMailSecrets } from '../../../services/mail/src/operations/reseal-secrets';
import { type AdminCommand, parseCommandArgs, requireAction, takePositionals } from '../admin-command';
import type { AdminContext } from '../admin-context';
import { UsageError } from '../usage-error';

/** A key given on the command line: the key itself (64 hex or base64 of 32 bytes) or a file holding it. */
export function keyFromArgument(option: string, value: string): string {
  try {
    parseEncryptionKey(value);
    return value.trim();
  } catch {
    if (!existsSync(value)) throw new UsageError(`${option}: neither a 32-byte key (64 hex characters or base64) nor a file`);
    const text = readFileSync(value, 'utf8').trim();
    try {
      parseEncryptionKey(text);
    } catch {
      throw new UsageError(`${option}: the file ${value} does not hold a 32-byte key (64 hex characters or base64)`);
    }
    return text;
  }
}

const services: Array<{ service: string; reseal: (context: AdminContext, box: SecretBox) => Promise<ResealCount> }> = [
  { service: 'identity', reseal: async (context, box) => resealIdentitySecrets(await context.identityDb(), box) },
  { service: 'accounts', reseal: async (context, box) => resealAccountSecrets(await context.accountsDb(), box) },
  { service: 'mail', reseal: async (context, box) => resealMailSecrets(await context.mailDb(), box) },
];

export const secretsCommand: AdminCommand = {
  name: 'secrets',
  usage: [
    'admin secrets reseal [--old-key <key|file>]... [--new-key <key|file>]',
    '                                  seal every secret with the new key (default ENCRYPTION_KEY); old keys also',
    '                                  from ENCRYPTION_PREVIOUS_KEYS. Secrets already on the new key are skipped.',
  ],
  async run(args, context) {
    const [action, ...rest] = args;
    requireAction('secrets', action, ['reseal']);
    const { values, positionals } = parseCommandArgs(rest, {
      'old-key': { type: 'string', multiple: true },
      'new-key': { type: 'string' },
    });
    takePositionals(positionals, []);
    const newKey = values['new-key'] ? keyFromArgument('--new-key', values['new-key']) : context.config.ENCRYPTION_KEY;
    if (!newKey) throw new UsageError('No new key: set ENCRYPTION_KEY or give --new-key');
    const oldKeys = [
      ...(values['old-key'] ?? []).map((value) => keyFromArgument('--old-key', value)),
      ...context.config.ENCRYPTION_PREVIOUS_KEYS.split(',').map((key) => key.trim()),
    ].filter(Boolean);
    const box = new SecretBox(newKey, oldKeys);
    const results: Array<{ service: string } & ResealCount> = [];
    try {
      for (const { service, reseal } of services) {
        try {
          results.push({ service, ...(await reseal(context, box)) });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          throw new AppError(
            error.code,
            `${error.message}. Give the key it was sealed with as --old-key (or in ENCRYPTION_PREVIOUS_KEYS); nothing in ${service} was changed.`,
          );
        }
      }
    } finally {
      // What committed before a failure is reported too (running again skips it).
      context.out.result({ keyId: box.keyId, services: results }, (result) =>
        result.services.map(
          ({ service, resealed, current }) => `${service}  resealed ${resealed}  already on key ${result.keyId} ${current}`,
        ),
      );
    }
  },
};
