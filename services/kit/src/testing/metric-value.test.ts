import { describe, expect, it } from 'vitest';
import { metricValue } from './metric-value';

const text = [
  '# HELP mail_jobs_total Jobs by queue and outcome',
  '# TYPE mail_jobs_total counter',
  'mail_jobs_total{queue="send",outcome="completed"} 7',
  'mail_jobs_total{queue="tracking",outcome="completed"} 2',
  'mail_jobs_total{queue="send",outcome="stepped_aside"} 3',
  'http_requests_total{http_method="GET",method="POST",route="/a,b"} 5 1700000000000',
  'emails_released_total 4',
  'emails_released_total_other 100',
  '',
].join('\n');

describe('metricValue', () => {
  it('sums the series that carry every given label, and reads 0 for none', () => {
    expect(metricValue(text, 'mail_jobs_total', { queue: 'send', outcome: 'completed' })).toBe(7);
    expect(metricValue(text, 'mail_jobs_total', { outcome: 'completed' })).toBe(9);
    expect(metricValue(text, 'mail_jobs_total')).toBe(12);
    expect(metricValue(text, 'mail_jobs_total', { outcome: 'failed' })).toBe(0);
    expect(metricValue(text, 'mail_jobs', {})).toBe(0);
  });

  it('matches whole label names and values (a comma inside a value, a timestamp after the value)', () => {
    expect(metricValue(text, 'http_requests_total', { method: 'POST', route: '/a,b' })).toBe(5);
    expect(metricValue(text, 'http_requests_total', { method: 'GET' })).toBe(0);
  });

  it('reads a series without labels, and only its own name', () => {
    expect(metricValue(text, 'emails_released_total')).toBe(4);
    expect(metricValue(text, 'emails_released_total', { queue: 'send' })).toBe(0);
  });
});
