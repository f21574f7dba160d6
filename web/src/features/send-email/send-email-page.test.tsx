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
