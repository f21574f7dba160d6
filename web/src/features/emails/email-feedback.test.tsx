import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, sampleUser } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { gmailAccount, sampleEmail } from '../../test/sender-fixtures';
import { statusColor } from './status-badge';

const bounced = sampleEmail({
  status: 'bounced',
  sentAt: '2025-01-05T08:01:00.000Z',
  to: ['gone@example.test', 'here@example.test'],
  bounce: {
    type: 'hard',
    code: '5.1.1',
    diagnostic: 'smtp; 550 5.1.1 <gone@example.test>: Recipient address rejected: User unknown',
    recipient: 'gone@example.test',
    at: '2025-01-05T08:03:00.000Z',
  },
});
const replied = sampleEmail({
  _id: 'e2',
  id: 'e2',
  subject: 'Can we talk?',
  status: 'sent',
  sentAt: '2025-01-05T08:01:00.000Z',
  timezone: 'Asia/Kolkata',
  suppressed: ['unsub@example.test'],
  repliedAt: '2025-01-05T09:00:00.000Z',
  analytics: {
    opened: true,
    openedAt: '2025-01-05T08:30:00.000Z',
    clicked: false,
    clickedAt: null,
    replied: true,
    repliedAt: '2025-01-05T09:00:00.000Z',
  },
  reply: {
    from: 'Reader <reader@example.test>',
    subject: 'Re: Can we talk?',
    date: '2025-01-05T09:00:00.000Z',
    snippet: 'Sure, Tuesday works.',
  },
  unsubscribe: true,
});
const suppressed = sampleEmail({
  _id: 'e3',
  id: 'e3',
  subject: 'To nobody',
  status: 'suppressed',
  suppressed: ['a@example.test'],
});

function setup() {
  localStorage.setItem('token', 't-1');
  installFakeApi({
    'GET /api/auth/me': { body: { user: sampleUser } },
    'GET /api/emails': {
      body: { data: [bounced, replied, suppressed], pagination: { page: 1, limit: 20, total: 3, pages: 1 } },
    },
    'GET /api/email-accounts': { body: { data: [gmailAccount] } },
  });
  renderApp('/emails');
}

describe('bounces, replies and suppressions in the email log', () => {
  it('colours bounced and suppressed apart from sent, failed and the grey states', () => {
    const colours = ['sent', 'failed', 'scheduled', 'queued', 'bounced', 'suppressed'].map(statusColor);
    expect(new Set(colours).size).toBe(colours.length);
  });

  it('says under each status what came back from the mailbox', async () => {
    setup();
    const rows = await screen.findAllByTestId('email-row');
    expect(within(rows[0] as HTMLElement).getByText('bounced')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByTestId('feedback-note').textContent).toBe('gone@example.test refused it (5.1.1)');
    expect(within(rows[1] as HTMLElement).getByTestId('feedback-note').textContent).toBe(
      'Replied · 1 suppressed recipient skipped',
    );
    expect(within(rows[2] as HTMLElement).getByText('suppressed')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).queryByTestId('feedback-note')).toBeNull();
  });

  it("shows a bounced email's recipient, code and diagnostic in the details", async () => {
    setup();
    fireEvent.click((await screen.findAllByTestId('email-row'))[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Email Details' });
    const bounce = within(dialog).getByTestId('bounce-details');
    expect(within(dialog).getByText('Bounced', { selector: 'span' })).toBeTruthy();
    expect(bounce.textContent).toContain('Recipientgone@example.test');
    expect(bounce.textContent).toContain('Code5.1.1');
    expect(bounce.textContent).toContain('Recipient address rejected: User unknown');
    expect(bounce.textContent).toContain('BouncedJan 05, 2025 08:03:00 UTC');
    expect(within(bounce).getByRole('link', { name: 'suppression list' }).getAttribute('href')).toBe('/suppressions');
  });

  it('shows the reply, the skipped recipients and the unsubscribe header of a replied email', async () => {
    setup();
    fireEvent.click((await screen.findAllByTestId('email-row'))[1] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Email Details' });
    const reply = within(dialog).getByTestId('reply-details');
    expect(reply.textContent).toContain('DateJan 05, 2025 14:30:00 IST');
    expect(reply.textContent).toContain('FromReader <reader@example.test>');
    expect(reply.textContent).toContain('SubjectRe: Can we talk?');
    expect(reply.textContent).toContain('SnippetSure, Tuesday works.');
    expect(within(dialog).getByText('Replied').closest('div')?.textContent).toBe('RepliedYes — Jan 05, 2025 14:30:00 IST');
    expect(within(dialog).getByTestId('suppressed-details').textContent).toContain('unsub@example.test');
    expect(within(dialog).getByText('One-click unsubscribe link included')).toBeTruthy();
    expect(within(dialog).queryByTestId('bounce-details')).toBeNull();
  });

  it('says an all-suppressed email was not sent', async () => {
    setup();
    fireEvent.click((await screen.findAllByTestId('email-row'))[2] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Email Details' });
    expect(within(dialog).getByTestId('suppressed-details').textContent).toContain(
      'Every recipient is on your suppression list: the email was not sent',
    );
  });

  it('opens the details of the email a suppression links to, and drops the link on close', async () => {
    localStorage.setItem('token', 't-1');
    installFakeApi({
      'GET /api/auth/me': { body: { user: sampleUser } },
      'GET /api/emails': { body: { data: [], pagination: { page: 1, limit: 20, total: 0, pages: 1 } } },
      'GET /api/emails/e1': { body: { data: bounced } },
      'GET /api/email-accounts': { body: { data: [gmailAccount] } },
    });
    const { router } = renderApp('/emails?email=e1');
    const dialog = await screen.findByRole('dialog', { name: 'Email Details' });
    expect(within(dialog).getByTestId('bounce-details')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
