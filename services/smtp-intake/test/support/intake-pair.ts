// Two intake instances on one Redis prefix against the same stand-in services: what is held in Redis (per-key
// limits, the sign-in throttle, the once-a-minute usage marker) must hold whichever instance a client reaches.
import { randomBytes } from 'node:crypto';
import type { SmtpDialog } from './smtp-dialog';
import { type StandInServices, startStandInServices } from './stand-in-services';
import { startTestIntake, type TestIntake } from './test-intake';
import { makeTestTls, type TestTls } from './test-tls';

export interface IntakePair {
  services: StandInServices;
  first: TestIntake;
  second: TestIntake;
  /** Keeps a dialog to close after the test. */
  track(dialog: SmtpDialog): SmtpDialog;
  /** Closes every tracked dialog (for afterEach). */
  closeDialogs(): void;
  close(): Promise<void>;
}

export async function startIntakePair(label: string, env: Record<string, string> = {}): Promise<IntakePair> {
  const services = await startStandInServices();
  let tls: TestTls | undefined;
  const started: TestIntake[] = [];
  const open: SmtpDialog[] = [];
  const close = async () => {
    for (const dialog of open.splice(0)) dialog.close();
    for (const intake of started) await intake.close();
    await services.close();
    tls?.remove();
  };
  try {
    tls = makeTestTls();
    const shared = { SMTP_INTAKE_REDIS_PREFIX: `test:smtp-intake:${label}:${randomBytes(4).toString('hex')}`, ...env };
    started.push(await startTestIntake(services, tls, shared));
    started.push(await startTestIntake(services, tls, shared));
  } catch (error) {
    await close();
    throw error;
  }
  const [first, second] = started as [TestIntake, TestIntake];
  return {
    services,
    first,
    second,
    track: (dialog) => {
      open.push(dialog);
      return dialog;
    },
    closeDialogs: () => {
      for (const dialog of open.splice(0)) dialog.close();
    },
    close,
  };
}
