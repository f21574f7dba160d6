import { act, render, screen } from '@testing-library/react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';
import { describe, expect, it } from 'vitest';
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
});
