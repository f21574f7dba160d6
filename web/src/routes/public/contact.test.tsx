import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { installFakeApi } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

describe('/contact', () => {
  it('requires all four fields', async () => {
    installFakeApi({});
    renderApp('/contact');
    for (const name of ['Name', 'Email', 'Subject', 'Message']) {
      expect((await screen.findByLabelText(name)).hasAttribute('required')).toBe(true);
    }
  });

  it('simulates sending for about a second, then confirms and clears the form', async () => {
    const { fetchMock } = installFakeApi({});
    renderApp('/contact');
    await screen.findByLabelText('Name');
    vi.useFakeTimers();
    const values: Record<string, string> = { Name: 'Ada', Email: 'ada@example.com', Subject: 'Hello', Message: 'A question' };
    for (const [label, value] of Object.entries(values)) fireEvent.change(screen.getByLabelText(label), { target: { value } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(900));
    expect(screen.queryByText("Message sent! We'll get back to you soon.")).toBeNull();
    act(() => vi.advanceTimersByTime(150));
    expect(screen.getByText("Message sent! We'll get back to you soon.")).toBeTruthy();
    for (const label of Object.keys(values)) expect((screen.getByLabelText(label) as HTMLInputElement).value).toBe('');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
