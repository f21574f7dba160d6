// Email Logs as a real log: the search and date filters reach the server, Export CSV downloads what they select,
// a row still on its way is read again until it settles, and the details show the body in a sandboxed frame
// with a Source toggle and the email's timeline.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { EmailLog } from '../../api';
import { installFakeApi, sampleUser } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { sampleEmail } from '../../test/sender-fixtures';
import { frameDocument, looksLikeHtml } from './email-body-view';
import { logRefreshInterval, PENDING_REFRESH_MS } from './queries';

const list = (data: EmailLog[]) => ({ body: { data, pagination: { page: 1, limit: 20, total: data.length, pages: 1 } } });

describe('the log filters and export', () => {
  it('asks the server with the search once typing pauses, with the dates, and exports the same selection', async () => {
    localStorage.setItem('token', 't-1');
    const { calls } = installFakeApi({
      'GET /api/auth/me': { body: { user: sampleUser } },
      'GET /api/emails': list([]),
      'GET /api/emails/export.csv': {
        raw: { text: 'id\r\n', contentType: 'text/csv', headers: { 'content-disposition': 'attachment; filename="emails.csv"' } },
      },
    });
    renderApp('/emails');
    fireEvent.change(await screen.findByLabelText('Search'), { target: { value: 'acme' } });
    fireEvent.change(screen.getByLabelText('From date'), { target: { value: '2025-01-01' } });
    fireEvent.change(screen.getByLabelText('To date'), { target: { value: '2025-01-31' } });
    await waitFor(() =>
      expect(calls.map((call) => call.path)).toContain('/api/emails?page=1&limit=20&search=acme&from=2025-01-01&to=2025-01-31'),
    );
    expect(calls.some((call) => call.path.includes('search=ac&'))).toBe(false);
    expect(await screen.findByText('No emails match these filters')).toBeTruthy();

    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:emails');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(calls.map((call) => call.path)).toContain('/api/emails/export.csv?search=acme&from=2025-01-01&to=2025-01-31');
  });
});

describe('live status', () => {
  it('reads the log again every 5 s while a row is queued, scheduled or sending, and stops once all settled', () => {
    expect(logRefreshInterval([sampleEmail({ status: 'queued' })])).toBe(PENDING_REFRESH_MS);
    expect(logRefreshInterval([sampleEmail({ status: 'sent' }), sampleEmail({ status: 'sending' })])).toBe(5_000);
    expect(logRefreshInterval([sampleEmail({ status: 'sent' }), sampleEmail({ status: 'failed' })])).toBe(false);
    expect(logRefreshInterval(undefined)).toBe(false);
  });
});

describe('the body and the timeline in Email Details', () => {
  it('renders HTML only in a frame without scripts or same-origin, shows the source and the text part, and the timeline', async () => {
    localStorage.setItem('token', 't-1');
    const email = sampleEmail({
      status: 'sent',
      body: '<p>Hello <b>Ada</b></p><script>parent.alert(1)</script>',
      text: 'Hello Ada',
      timezone: 'UTC',
    });
    installFakeApi({
      'GET /api/auth/me': { body: { user: sampleUser } },
      'GET /api/emails': list([email]),
      'GET /api/email-accounts': { body: { data: [] } },
      [`GET /api/emails/${email._id}/events`]: {
        body: {
          data: [
            { type: 'accepted', at: '2025-01-05T13:00:00.000Z', detail: null },
            { type: 'sent', at: '2025-01-05T13:00:02.000Z', detail: null },
            { type: 'clicked', at: '2025-01-05T14:00:00.000Z', detail: 'https://example.com/offer' },
          ],
        },
      },
    });
    renderApp('/emails');
    fireEvent.click((await screen.findAllByTestId('email-row'))[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Email Details' });
    const frame = within(dialog).getByTitle('Email body') as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe(frameDocument(email.body));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Source' }));
    expect(within(dialog).getByTestId('email-body-source').textContent).toBe(email.body);
    expect(within(dialog).queryByTitle('Email body')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Text part' }));
    expect(within(dialog).getByTestId('email-body-text').textContent).toBe('Hello Ada');

    const events = await within(dialog).findAllByTestId('timeline-event');
    expect(events.map((event) => event.textContent)).toEqual([
      'Accepted Jan 05, 2025 13:00:00 UTC',
      'Sent Jan 05, 2025 13:00:02 UTC',
      'Clicked Jan 05, 2025 14:00:00 UTChttps://example.com/offer',
    ]);
  });

  it('tells a plain-text body from HTML without a regular expression over it', () => {
    expect(looksLikeHtml('Hi,\n2 < 3 and 5 > 4')).toBe(false);
    expect(looksLikeHtml('<p>Hi</p>')).toBe(true);
    expect(looksLikeHtml('text then <!-- note -->')).toBe(true);
    expect(looksLikeHtml('ends with <')).toBe(false);
  });
});
