// What a stack that exports its traces needs, shared by the dev-stack tracing suite (e2e/tracing.test.ts) and the
// production-bundle one (images/bundle-tracing.test.ts): fresh secrets, the mail sink, its own queue prefix (so its
// queues and rate-limit counts share nothing with other suites on the same Redis), and the OTLP receiver with spans
// leaving each process within 100 ms instead of the default 5 s.
import { randomBytes } from 'node:crypto';

export function tracingStackSettings(label: string, sinkSmtpPort: number, receiverUrl: string) {
  return {
    secrets: {
      INTERNAL_SECRET: `${label}-internal-${randomBytes(16).toString('hex')}`,
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      TRACKING_SECRET: `${label}-tracking-${randomBytes(16).toString('hex')}`,
    },
    env: {
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      SYSTEM_SMTP_URL: `smtp://127.0.0.1:${sinkSmtpPort}`,
      ALLOW_PRIVATE_TARGETS: 'true',
      QUEUE_PREFIX: `${label.replace(/\W/g, '')}${Date.now().toString(36)}`,
      FEEDBACK_ENABLED: 'false',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiverUrl,
      OTEL_BSP_SCHEDULE_DELAY: '100',
    },
  };
}
