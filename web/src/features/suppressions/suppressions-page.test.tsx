import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Suppression } from '../../api';
import { installFakeApi, sampleUser } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { SEARCH_DEBOUNCE_MS } from './suppressions-page';

const listed: Suppression[] = [
  { email: 'gone@example.test', reason: 'hard_bounce', createdAt: '2025-01-05T08:00:00.000Z', emailId: 'e1' },
  { email: 'angry@example.test', reason: 'complaint', createdAt: '2025-01-04T08:00:00.000Z' },
  { email: 'bye@example.test', reason: 'unsubscribe', createdAt: '2025-01-03T08:00:00.000Z', emailId: 'e2' },
  { email: 'me@example.test', reason: 'manual', createdAt: '2025-01-02T08:00:00.000Z' },
];
const page = (data: Suppression[], pages = 1, total = data.length) => ({
  body: { data, pagination: { page: 1, limit: 20, total, pages } },
});

function setup(extra: Parameters<typeof installFakeApi>[0] = {}) {
  localStorage.setItem('token', 't-1');
  const api = installFakeApi({
    'GET /api/auth/me': { body: { user: sampleUser } },
    'GET /api/suppressions': page(listed),
    ...extra,
  });
  renderApp('/suppressions');
  return api;
}

const rows = () => screen.findAllByTestId('suppression-row');
const listCalls = (calls: { method: string; path: string }[]) =>
  calls.filter((call) => call.method === 'GET' && call.path.startsWith('/api/suppressions?')).map((call) => call.path);

describe('Suppressions screen', () => {
  it('is linked in the menu right after Email Logs', async () => {
    setup();
    const menu = await screen.findByRole('navigation', { name: 'App' });
    const labels = within(menu)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(labels[labels.indexOf('Email Logs') + 1]).toBe('Suppressions');
  });

  it('lists each address with its reason label, date and the email that put it there', async () => {
    setup();
    const [bounce, complaint, unsubscribe, manual] = (await rows()) as HTMLElement[];
    expect(screen.getByText('4 addresses', { exact: false })).toBeTruthy();
    expect(within(bounce as HTMLElement).getByText('Hard bounce')).toBeTruthy();
    expect(within(complaint as HTMLElement).getByText('Spam complaint')).toBeTruthy();
    expect(within(unsubscribe as HTMLElement).getByText('Unsubscribed')).toBeTruthy();
    expect(within(manual as HTMLElement).getByText('Added manually')).toBeTruthy();
    expect(within(bounce as HTMLElement).getByText(/Jan 05, 2025/)).toBeTruthy();
    expect(
      within(bounce as HTMLElement)
        .getByRole('link', { name: 'The email that suppressed gone@example.test' })
        .getAttribute('href'),
    ).toBe('/emails?email=e1');
    expect(within(complaint as HTMLElement).queryByRole('link')).toBeNull();
  });

  it('asks the server once the search has settled, from page 1', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = setup({
      'GET /api/suppressions': (call) => (call.path.includes('search=gone') ? page(listed.slice(0, 1)) : page(listed, 3, 60)),
    });
    await rows();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(listCalls(calls)).toContain('/api/suppressions?page=2&limit=20'));
    const search = screen.getByLabelText('Search addresses');
    fireEvent.change(search, { target: { value: 'g' } });
    fireEvent.change(search, { target: { value: 'go' } });
    fireEvent.change(search, { target: { value: 'gone' } });
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS + 50));
    await waitFor(() => expect(screen.getAllByTestId('suppression-row')).toHaveLength(1));
    expect(listCalls(calls).filter((path) => path.includes('search='))).toEqual([
      '/api/suppressions?page=1&limit=20&search=gone',
    ]);
  });

  it('says when the list is empty and when a search matches nothing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setup({ 'GET /api/suppressions': page([]) });
    await screen.findByText(/Your suppression list is empty/);
    fireEvent.change(screen.getByLabelText('Search addresses'), { target: { value: 'nobody' } });
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS + 50));
    await screen.findByText('No suppressed address matches "nobody".');
  });

  it('shows a load failure with Retry, and the list after retrying', async () => {
    let fail = true;
    setup({
      'GET /api/suppressions': () =>
        fail ? { status: 500, body: { message: 'Internal error', code: 'INTERNAL' } } : page(listed),
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Internal error');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await rows()).toHaveLength(4);
  });

  it('adds an address after checking it, and shows the server refusal beside the field', async () => {
    const { calls } = setup({
      'POST /api/suppressions': (call) =>
        (call.body as { email: string }).email === 'taken@example.test'
          ? { status: 400, body: { message: 'email must be an email address', code: 'VALIDATION_ERROR' } }
          : {
              status: 201,
              body: { data: { email: 'new@example.test', reason: 'manual', createdAt: '2025-01-06T00:00:00.000Z' } },
            },
    });
    await rows();
    fireEvent.click(screen.getByRole('button', { name: 'Add Address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to Suppression List' });
    const field = within(dialog).getByLabelText('Email address');
    fireEvent.change(field, { target: { value: 'not an address' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Address' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Enter a valid email address, like name@example.com');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(field, { target: { value: 'taken@example.test' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Address' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('email must be an email address');

    fireEvent.change(field, { target: { value: ' new@example.test ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Address' }));
    await screen.findByText('Address added to your suppression list');
    expect(calls.filter((call) => call.method === 'POST').at(-1)?.body).toEqual({ email: 'new@example.test' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('removes an address only after confirmation, URL-encoded', async () => {
    const { calls } = setup({
      'DELETE /api/suppressions/me%2Btag%40example.test': { body: { message: 'Address removed from your suppression list' } },
      'GET /api/suppressions': page([{ email: 'me+tag@example.test', reason: 'manual', createdAt: '2025-01-02T08:00:00.000Z' }]),
    });
    const [row] = (await rows()) as HTMLElement[];
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    fireEvent.click(within(row as HTMLElement).getByRole('button', { name: 'Remove me+tag@example.test' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(within(row as HTMLElement).getByRole('button', { name: 'Remove me+tag@example.test' }));
    expect(confirm).toHaveBeenLastCalledWith(
      'Remove me+tag@example.test from your suppression list? Emails to it will be delivered again.',
    );
    await screen.findByText('Address removed from your suppression list');
    expect(calls.find((call) => call.method === 'DELETE')?.path).toBe('/api/suppressions/me%2Btag%40example.test');
  });

  it('imports a CSV file as text/csv and shows what was added, already listed and invalid', async () => {
    const { calls } = setup({
      'POST /api/suppressions/import': {
        body: {
          data: {
            rows: 4,
            added: 2,
            alreadyListed: 1,
            invalid: 1,
            errors: [{ line: 4, message: '"nope" is not an email address' }],
          },
        },
      },
    });
    await rows();
    fireEvent.click(screen.getByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import Suppression List' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Choose a CSV file');
    const csv = 'email\na@example.test\nb@example.test\ngone@example.test\nnope\n';
    const file = new File([csv], 'list.csv', { type: 'text/csv' });
    fireEvent.change(within(dialog).getByLabelText('CSV file'), { target: { files: [file] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    const result = await within(dialog).findByTestId('import-result');
    expect(result.textContent).toContain('Rows read4');
    expect(result.textContent).toContain('Added2');
    expect(result.textContent).toContain('Already listed1');
    expect(result.textContent).toContain('Invalid1');
    expect(result.textContent).toContain('Line 4: "nope" is not an email address');
    const upload = calls.find((call) => call.path === '/api/suppressions/import');
    expect(upload?.headers['Content-Type']).toBe('text/csv');
    expect(upload?.body).toBe(file);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('downloads the export under the name the server gives', async () => {
    const csv = 'email,reason,created_at,email_id\ngone@example.test,hard_bounce,2025-01-05T08:00:00.000Z,e1\n';
    const { calls } = setup({
      'GET /api/suppressions/export': {
        raw: {
          text: csv,
          contentType: 'text/csv',
          headers: { 'content-disposition': 'attachment; filename="suppressions.csv"' },
        },
      },
    });
    await rows();
    const saved: { name: string; text: Promise<string> }[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push({ name: '', text: (blob as Blob).text() });
      return 'blob:export';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      const last = saved.at(-1);
      if (last) last.name = this.download;
    });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(saved[0]?.name).toBe('suppressions.csv');
    expect(await saved[0]?.text).toBe(csv);
    expect(calls.find((call) => call.path === '/api/suppressions/export')?.headers.Authorization).toBe('Bearer t-1');
  });
});
