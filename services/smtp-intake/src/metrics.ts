// The intake's Prometheus series, on the process registry served by its HTTP listener.
import type { MetricsRegistry } from '@mailwright/kit';

export type IntakeMetrics = ReturnType<typeof intakeMetrics>;

export function intakeMetrics(metrics: MetricsRegistry) {
  return {
    connections: metrics.counter({
      name: 'smtp_intake_connections_total',
      help: 'SMTP connections opened, by listener (starttls, tls)',
      labelNames: ['listener'],
    }),
    openConnections: metrics.gauge({
      name: 'smtp_intake_open_connections',
      help: 'SMTP connections open now, by listener',
      labelNames: ['listener'],
    }),
    accepted: metrics.counter({
      name: 'smtp_intake_messages_accepted_total',
      help: 'Messages the mail service accepted (replayed: a retried submission answered with the first email)',
      labelNames: ['replayed'],
    }),
    rejections: metrics.counter({
      name: 'smtp_intake_rejections_total',
      help: 'Commands and messages refused, by reason',
      labelNames: ['reason'],
    }),
    bytes: metrics.counter({
      name: 'smtp_intake_message_bytes_total',
      help: 'Bytes of messages handed to the mail service',
    }),
  };
}
