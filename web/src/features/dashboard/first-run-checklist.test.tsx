// The dashboard's first-run checklist: verify -> add a sender -> send a test email to yourself.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, sampleUser } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { sampleAccount } from '../../test/sender-fixtures';
import { firstRunSteps, TEST_EMAIL_SUBJECT } from './first-run-steps';

const page = (total: number) => ({ body: { data: [], pagination: { page: 1, limit: 1, total, pages: total } } });
const stats = {
  body: { data: { total: 0, sent: 0, failed: 0, scheduled: 0, opened: 0, clicked: 0, openRate: 0, clickRate: 0, series: [] } },
};

describe('first-run checklist', () => {
  it('counts the steps the account shows as done', () => {
    const steps = firstRunSteps({ isVerified: true, hasSender: false, hasEmailedSelf: false });
    expect(steps.map((step) => [step.title, step.isDone])).toEqual([
      ['Verify your email address', true],
      ['Add a sender account', false],
      ['Send a test email to yourself', false],
    ]);
  });

  it('links to Email Accounts and holds the test email back until a sender exists', async () => {
    localStorage.setItem('token', 't-1');
    installFakeApi({
      'GET /api/auth/me': { body: { user: sampleUser } },
      'GET /api/email-accounts': { body: { data: [] } },
      'GET /api/emails': page(0),
      'GET /api/emails/analytics/stats': stats,
    });
    renderApp('/dashboard');
    const checklist = await screen.findByTestId('first-run-checklist');
    expect(within(checklist).getByTestId('first-run-progress').textContent).toBe('1 of 3 done');
    expect(within(checklist).getByRole('link', { name: 'Add a sender' }).getAttribute('href')).toBe('/email-accounts');
    const send = within(checklist).getByRole('button', { name: `Send test email to ${sampleUser.email}` }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
  });

  it('sends the test email to the user, and is gone once every step is done', async () => {
    localStorage.setItem('token', 't-1');
    let sent = false;
    const { calls } = installFakeApi({
      'GET /api/auth/me': { body: { user: sampleUser } },
      'GET /api/email-accounts': { body: { data: [sampleAccount()] } },
      'GET /api/emails': () => page(sent ? 1 : 0),
      'GET /api/emails/analytics/stats': stats,
      'POST /api/emails/send': () => {
        sent = true;
        return { status: 201, body: { data: {} } };
      },
    });
    renderApp('/dashboard');
    const checklist = await screen.findByTestId('first-run-checklist');
    expect(calls.map((call) => call.path)).toContain(`/api/emails?page=1&limit=1&search=${encodeURIComponent(sampleUser.email)}`);
    fireEvent.click(within(checklist).getByRole('button', { name: `Send test email to ${sampleUser.email}` }));
    expect(await screen.findByText('Email sent!')).toBeTruthy();
    const send = calls.find((call) => call.path === '/api/emails/send');
    expect(send?.body).toMatchObject({ to: [sampleUser.email], subject: TEST_EMAIL_SUBJECT });
    await waitFor(() => expect(screen.queryByTestId('first-run-checklist')).toBeNull());
  });
});
