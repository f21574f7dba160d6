// Toasts at the top right; never more than MAX_VISIBLE_NOTICES at once (the oldest are dismissed).
import { useEffect } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';
import { ERROR_NOTICE_MS, MAX_VISIBLE_NOTICES, PLAIN_NOTICE_MS, SUCCESS_NOTICE_MS } from './notice-settings';

export function NoticeLimiter({ max = MAX_VISIBLE_NOTICES }: { max?: number }) {
  const { toasts } = useToasterStore();
  useEffect(() => {
    // react-hot-toast lists the newest first, so everything past `max` is the oldest.
    for (const extra of toasts.filter((t) => t.visible).slice(max)) toast.dismiss(extra.id);
  }, [toasts, max]);
  return null;
}

export function NoticeCenter() {
  return (
    <>
      <Toaster
        position="top-right"
        toastOptions={{
          duration: PLAIN_NOTICE_MS,
          success: { duration: SUCCESS_NOTICE_MS },
          error: { duration: ERROR_NOTICE_MS },
          loading: { duration: Number.POSITIVE_INFINITY },
          className: 'text-sm',
        }}
      />
      <NoticeLimiter />
    </>
  );
}
