import { act, render, screen } from '@testing-library/react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';
import { describe, expect, it } from 'vitest';
import { Modal } from '../layout/modal';
import { NoticeCenter, NoticeLimiter } from './notice-center';

function VisibleCount() {
  const { toasts } = useToasterStore();
  return <output data-testid="visible">{toasts.filter((t) => t.visible).length}</output>;
}

describe('NoticeCenter', () => {
  it('dismisses the oldest notices beyond the limit', async () => {
    render(
      <>
        <Toaster />
        <NoticeLimiter max={3} />
        <VisibleCount />
      </>,
    );
    act(() => {
      for (let i = 1; i <= 5; i += 1) toast(`notice ${i}`, { duration: 60_000 });
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getByTestId('visible').textContent).toBe('3');
    expect(screen.getByText('notice 5')).toBeTruthy();
  });

  it('shows at most 20 notices at once', async () => {
    render(
      <>
        <NoticeCenter />
        <VisibleCount />
      </>,
    );
    act(() => {
      for (let i = 1; i <= 25; i += 1) toast(`notice ${i}`, { duration: 60_000 });
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getByTestId('visible').textContent).toBe('20');
  });

  it('merges identical notices into one', async () => {
    render(
      <>
        <NoticeCenter />
        <VisibleCount />
      </>,
    );
    act(() => {
      for (let i = 1; i <= 4; i += 1) toast.error('Failed to load data', { duration: 60_000 });
      toast.error('Failed to send email', { duration: 60_000 });
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getByTestId('visible').textContent).toBe('2');
  });

  it('draws the notices inside an open dialog, above its backdrop, and back in the page when it closes', async () => {
    const view = render(
      <>
        <NoticeCenter />
        <Modal title="Create API Key" onClose={() => {}}>
          <p>form</p>
        </Modal>
      </>,
    );
    act(() => {
      toast.error('Failed to create API key', { duration: 60_000 });
    });
    const notice = await screen.findByText('Failed to create API key');
    expect(notice.closest('dialog')).not.toBeNull();
    view.rerender(<NoticeCenter />);
    const after = await screen.findByText('Failed to create API key');
    expect(after.closest('dialog')).toBeNull();
  });
});
