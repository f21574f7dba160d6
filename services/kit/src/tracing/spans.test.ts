import { describe, expect, it } from 'vitest';
import { annotateSpan, currentTraceparent, inSpan, isTracing, shutdownTracing } from './spans';

describe('spans with tracing off (no OTLP endpoint)', () => {
  it('runs the work as it is, carries no trace context and records nothing', async () => {
    expect(isTracing()).toBe(false);
    expect(currentTraceparent()).toBeNull();
    annotateSpan({ 'mailwright.email.id': 'e1' });
    await expect(inSpan('email.deliver', { id: 'e1' }, async () => 'sent', { parent: '00-abc-def-01' })).resolves.toBe('sent');
    await expect(inSpan('email.transport', {}, () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    await expect(shutdownTracing()).resolves.toBeUndefined();
  });
});
