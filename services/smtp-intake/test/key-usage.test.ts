// "Last used": a key that signs in is reported to identity (POST /internal/api-keys/usage, as the gateway reports
// it), at most once a minute per key over every instance; a failed report is tried again at the next sign-in.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type IntakePair, startIntakePair } from './support/intake-pair';
import { SmtpDialog } from './support/smtp-dialog';
import type { StandInServices } from './support/stand-in-services';
import type { TestIntake } from './support/test-intake';

const USAGE_PATH = '/internal/api-keys/usage';

let pair: IntakePair;
let services: StandInServices;
let first: TestIntake;
let second: TestIntake;

beforeAll(async () => {
  pair = await startIntakePair('usage');
  ({ services, first, second } = pair);
});

afterEach(() => {
  services.failures.clear();
  services.keyUsageReports.length = 0;
  pair.closeDialogs();
});

afterAll(() => pair?.close());

/** A key of its own for each test: the once-a-minute marker is the key's. */
function newKey(): { key: string; apiKeyId: string } {
  const key = `mw_live_${randomBytes(8).toString('hex')}`;
  const apiKeyId = randomUUID();
  services.apiKeys.set(key, { apiKeyId, userId: 'user-1', isActive: true, scopes: ['send', 'read'] });
  return { key, apiKeyId };
}

async function signIn(intake: TestIntake, key: string): Promise<void> {
  pair.track(await SmtpDialog.signedIn(intake.smtpPort, key));
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('API key "last used"', () => {
  it('reports a key once for several sign-ins within the minute, over both instances', async () => {
    const { key, apiKeyId } = newKey();
    await signIn(first, key);
    await signIn(second, key);
    await signIn(first, key);
    await settle();
    expect(services.keyUsageReports).toEqual([[apiKeyId]]);

    const other = newKey();
    await signIn(second, other.key);
    await settle();
    expect(services.keyUsageReports).toEqual([[apiKeyId], [other.apiKeyId]]);
  });

  it('does not report a refused sign-in', async () => {
    const session = pair.track(await SmtpDialog.open(first.smtpPort));
    await session.command('EHLO client.test');
    expect((await session.command(`AUTH PLAIN ${Buffer.from('\0app\0mw_live_unknown').toString('base64')}`)).code).toBe(535);
    await settle();
    expect(services.keyUsageReports).toEqual([]);
  });

  it('signs in while identity refuses the report, and reports at the next sign-in', async () => {
    const { key, apiKeyId } = newKey();
    services.failures.set(USAGE_PATH, { status: 503, body: { message: 'down', code: 'SERVICE_UNAVAILABLE' } });
    await signIn(first, key);
    await settle();
    expect(services.keyUsageReports).toEqual([]);

    services.failures.clear();
    await signIn(second, key);
    await settle();
    expect(services.keyUsageReports).toEqual([[apiKeyId]]);
  });
});
