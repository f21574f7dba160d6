import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, sampleUser } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { gmailAccount, samplePool } from '../../test/sender-fixtures';

const proUser = { ...sampleUser, subscription: { plan: 'pro' as const, status: 'active', endDate: null } };

function setup(user: typeof sampleUser | typeof proUser) {
  localStorage.setItem('token', 't-1');
  return installFakeApi({
    'GET /api/auth/me': { body: { user } },
    'GET /api/email-accounts': { body: { data: [gmailAccount] } },
    'GET /api/templates': { body: { data: [] } },
    'GET /api/sender-pools': { body: { data: [samplePool()] } },
    'POST /api/emails/send': { status: 201, body: { data: {} } },
  });
}

describe('Send Email sender choice', () => {
  it('offers the sender pools beside the accounts and sends with senderPoolId only', async () => {
    const { calls } = setup(proUser);
    renderApp('/send-email');
    const from = (await screen.findByLabelText('From Account')) as HTMLSelectElement;
    await waitFor(() => expect(from.querySelectorAll('optgroup')).toHaveLength(2));
    const groups = Array.from(from.querySelectorAll('optgroup')).map(
      (group) => `${group.label}: ${Array.from(group.children, (option) => option.textContent).join(', ')}`,
    );
    expect(groups).toEqual(['Email accounts: Ada <ada@gmail.com> (Default)', 'Sender pools: Newsletters (pool)']);
    fireEvent.change(from, { target: { value: 'pool:pool-1' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: 'reader@example.test' } });
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Hi' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Body' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Email' }));
    await screen.findByText('Email sent!');
    const sent = calls.find((call) => call.method === 'POST' && call.path === '/api/emails/send')?.body as Record<
      string,
      unknown
    >;
    expect(sent.senderPoolId).toBe('pool-1');
    expect(sent).not.toHaveProperty('emailAccountId');
  });

  it('lists accounts alone on the free plan and does not ask for pools', async () => {
    const { calls } = setup(sampleUser);
    renderApp('/send-email');
    const from = (await screen.findByLabelText('From Account')) as HTMLSelectElement;
    await waitFor(() => expect(from.options).toHaveLength(2));
    expect(from.querySelectorAll('optgroup')).toHaveLength(0);
    expect(calls.some((call) => call.path === '/api/sender-pools')).toBe(false);
  });
});

describe('Send Email with a template', () => {
  const template = {
    _id: 'tpl-1',
    name: 'Welcome',
    subject: 'Welcome to {{company}}, {{name}}!',
    body: 'Hi {{name}}',
    variables: ['company', 'name'],
  };

  it('keeps Send disabled, saying why, until every variable has a value; then the server renders', async () => {
    localStorage.setItem('token', 't-1');
    const { calls } = installFakeApi({
      'GET /api/auth/me': { body: { user: sampleUser } },
      'GET /api/email-accounts': { body: { data: [gmailAccount] } },
      'GET /api/templates': { body: { data: [template] } },
      'GET /api/templates/tpl-1': { body: { data: template } },
      'POST /api/emails/send': { status: 201, body: { data: {} } },
    });
    renderApp('/send-email');
    const picker = (await screen.findByLabelText('Template')) as HTMLSelectElement;
    await waitFor(() => expect(picker.options).toHaveLength(2));
    fireEvent.change(picker, { target: { value: 'tpl-1' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: 'bea@example.test' } });
    fireEvent.change(await screen.findByLabelText('name'), { target: { value: 'Bea' } });
    const send = screen.getByRole('button', { name: 'Send Email' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    expect(screen.getByTestId('send-blocked').textContent).toContain('{{company}}');
    expect(send.getAttribute('aria-describedby')).toBe('send-blocked');
    const company = screen.getByLabelText('company');
    expect(company.getAttribute('aria-describedby')).toBe('var-company-hint');

    fireEvent.change(company, { target: { value: 'Acme' } });
    expect(send.disabled).toBe(false);
    fireEvent.click(send);
    await screen.findByText('Email sent!');
    const sent = calls.find((call) => call.method === 'POST' && call.path === '/api/emails/send')?.body;
    expect(sent).toMatchObject({ templateId: 'tpl-1', variables: { company: 'Acme', name: 'Bea' } });
  });
});

describe('Send Email errors', () => {
  it('shows a refused address next to To in plain words, not as a validator sentence', async () => {
    localStorage.setItem('token', 't-1');
    installFakeApi({
      'GET /api/auth/me': { body: { user: sampleUser } },
      'GET /api/email-accounts': { body: { data: [gmailAccount] } },
      'GET /api/templates': { body: { data: [] } },
      'POST /api/emails/send': { status: 400, body: { message: 'to.0 must match format "email"', code: 'VALIDATION_ERROR' } },
    });
    renderApp('/send-email');
    const to = await screen.findByLabelText('To');
    fireEvent.change(to, { target: { value: 'not-an-address' } });
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Hi' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Body' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Email' }));
    const error = await screen.findByTestId('field-error');
    expect(error.textContent).toBe('Address 1 in To is not a valid email address');
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(to.getAttribute('aria-describedby')?.split(' ')[0]).toBe(error.id);
    expect(screen.queryByText(/must match format/)).toBeNull();
    fireEvent.change(to, { target: { value: 'bea@example.test' } });
    expect(screen.queryByTestId('field-error')).toBeNull();
  });

  it('shows a quota refusal inside the form with a link to /pricing', async () => {
    localStorage.setItem('token', 't-1');
    installFakeApi({
      'GET /api/auth/me': { body: { user: sampleUser } },
      'GET /api/email-accounts': { body: { data: [gmailAccount] } },
      'GET /api/templates': { body: { data: [] } },
      'POST /api/emails/send': { status: 429, body: { message: 'Monthly email quota exceeded', code: 'QUOTA_EXCEEDED' } },
    });
    renderApp('/send-email');
    fireEvent.change(await screen.findByLabelText('To'), { target: { value: 'bea@example.test' } });
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Hi' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Body' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Email' }));
    const alert = await screen.findByTestId('form-alert');
    expect(alert.textContent).toContain('Monthly email quota exceeded');
    expect(alert.querySelector('a')?.getAttribute('href')).toBe('/pricing');
  });
});
