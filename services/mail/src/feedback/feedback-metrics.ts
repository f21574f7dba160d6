// What the mailbox reader counts on the worker's registry: messages looked at, findings by kind, failed reads.
import type { MetricsRegistry } from '@mailwright/kit';

export function feedbackMetrics(metrics: MetricsRegistry) {
  return {
    messagesRead: metrics.counter({
      name: 'mail_feedback_messages_read_total',
      help: "Messages the feedback reader looked at in senders' mailboxes",
      labelNames: ['provider'] as const,
    }),
    findings: metrics.counter({
      name: 'mail_feedback_findings_total',
      help: "Bounces, complaints and replies found in senders' mailboxes",
      labelNames: ['kind'] as const,
    }),
    readErrors: metrics.counter({
      name: 'mail_feedback_read_errors_total',
      help: 'Mailbox reads that failed',
      labelNames: ['provider'] as const,
    }),
  };
}

export type FeedbackMetrics = ReturnType<typeof feedbackMetrics>;
