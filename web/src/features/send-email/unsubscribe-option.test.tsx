import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Template } from '../../api';
import { installFakeApi, sampleUser } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { gmailAccount } from '../../test/sender-fixtures';

const template: Template = {
  _id: 't1',
  id: 't1',
  name: 'Newsletter',
  subject: 'News',
  body: 'This week',
  category: 'general',
  variables: [],
  unsubscribe: true,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

function setup() {
  localStorage.setItem('token', 't-1');
  return installFakeApi({
    'GET /api/auth/me': { body: { user: sampleUser } },
    'GET /api/email-accounts': { body: { data: [gmailAccount] } },
    'GET /api/templates': { body: { data: [template] } },
    'GET /api/templates/t1': { body: { data: template } },
    'POST /api/emails/send': { status: 201, body: { data: {} } },
    'POST /api/templates': { status: 201, body: { data: template } },
  });
}

const sentBody = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.find((call) => call.method === 'POST' && call.path === '/api/emails/send')?.body as Record<string, unknown>;

describe('one-click unsubscribe option', () => {
  it('sends unsubscribe: true only when the send form box is ticked', async () => {
    const { calls } = setup();
    renderApp('/send-email');
    const box = (await screen.findByLabelText('Add one-click unsubscribe')) as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.change(screen.getByLabelText('To'), { target: { value: 'reader@example.test' } });
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Hi' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Body' } });
    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Send Email' }));
    await screen.findByText('Email sent!');
    expect(sentBody(calls).unsubscribe).toBe(true);
  });

  it('ticks and locks the box when the chosen template asks for it', async () => {
    setup();
    renderApp('/send-email');
    const select = (await screen.findByLabelText('Template')) as HTMLSelectElement;
    await waitFor(() => expect(select.options).toHaveLength(2));
    fireEvent.change(select, { target: { value: 't1' } });
    const box = screen.getByLabelText('Add one-click unsubscribe') as HTMLInputElement;
    await waitFor(() => expect(box.checked).toBe(true));
    expect(box.disabled).toBe(true);
    expect(screen.getByText('The chosen template always adds it.')).toBeTruthy();
  });

  it('saves the template form checkbox as unsubscribe', async () => {
    const { calls } = setup();
    renderApp('/templates');
    fireEvent.click(await screen.findByRole('button', { name: 'Create Template' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Template' });
    fireEvent.change(screen.getByLabelText('Template Name'), { target: { value: 'Digest' } });
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Digest' } });
    fireEvent.change(screen.getByLabelText('Body'), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByLabelText('Add one-click unsubscribe'));
    fireEvent.submit(dialog.querySelector('form') as HTMLFormElement);
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.path === '/api/templates')).toBe(true));
    expect(calls.find((call) => call.path === '/api/templates' && call.method === 'POST')?.body).toMatchObject({
      name: 'Digest',
      unsubscribe: true,
    });
  });
});
