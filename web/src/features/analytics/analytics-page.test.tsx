import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, sampleUser } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

describe('Analytics cards', () => {
  it('shows bounce and reply rates with their counts beside open and click rates', async () => {
    localStorage.setItem('token', 't-1');
    installFakeApi({
      'GET /api/auth/me': { body: { user: sampleUser } },
      'GET /api/emails/analytics/stats': {
        body: {
          data: {
            total: 210,
            sent: 190,
            failed: 5,
            scheduled: 5,
            opened: 80,
            clicked: 20,
            openRate: 42.1,
            clickRate: 10.5,
            bounced: 10,
            replied: 12,
            unsubscribed: 3,
            bounceRate: 5,
            replyRate: 6,
            series: [],
          },
        },
      },
    });
    renderApp('/analytics');
    const bounce = (await screen.findByRole('heading', { name: 'Bounce Rate' })).closest('section');
    expect(bounce?.textContent).toBe('Bounce Rate5%10 bounced');
    const reply = screen.getByRole('heading', { name: 'Reply Rate' }).closest('section');
    expect(reply?.textContent).toBe('Reply Rate6%12 replied · 3 unsubscribed');
    expect(screen.getByRole('heading', { name: 'Open Rate' }).closest('section')?.textContent).toBe('Open Rate42.1%80 opened');
  });
});
