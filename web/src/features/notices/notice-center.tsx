// Toasts at the top right, just below the top bar (so Logout and the page's buttons stay visible), and
// above any open dialog. Never more than MAX_VISIBLE_NOTICES at once (the oldest are dismissed), and one
// notice per text: the same notice again replaces the one shown.
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import toast, { type Toast, Toaster, useToasterStore } from 'react-hot-toast';
import { useNoticeHost } from './notice-host';
import { ERROR_NOTICE_MS, MAX_VISIBLE_NOTICES, PLAIN_NOTICE_MS, SUCCESS_NOTICE_MS } from './notice-settings';

/** Just under the top bar: 4rem high, taller on small screens (see --notices-top in index.css). */
const NOTICES_TOP = 'var(--notices-top, 72px)';

/** Notices that say the same thing: same kind and same text (a notice with JSX content is only itself). */
const sameNoticeKey = (notice: Toast) =>
  typeof notice.message === 'string' ? `${notice.type}:${notice.message}` : `id:${notice.id}`;

export function NoticeLimiter({ max = MAX_VISIBLE_NOTICES }: { max?: number }) {
  const { toasts } = useToasterStore();
  useEffect(() => {
    // react-hot-toast lists the newest first: the first of each text stays, older copies go.
    const seen = new Set<string>();
    const visible = toasts.filter((t) => t.visible);
    for (const notice of visible) {
      const key = sameNoticeKey(notice);
      // Removed at once rather than dismissed: a copy sliding out beside its twin would read as two notices.
      if (seen.has(key)) toast.remove(notice.id);
      seen.add(key);
    }
    const distinct = visible.filter(
      (notice, index) => visible.findIndex((t) => sameNoticeKey(t) === sameNoticeKey(notice)) === index,
    );
    for (const extra of distinct.slice(max)) toast.dismiss(extra.id);
  }, [toasts, max]);
  return null;
}

export function NoticeCenter() {
  const host = useNoticeHost();
  const toaster = (
    <Toaster
      position="top-right"
      containerStyle={{ top: NOTICES_TOP }}
      containerClassName="notices"
      toastOptions={{
        duration: PLAIN_NOTICE_MS,
        success: { duration: SUCCESS_NOTICE_MS },
        error: { duration: ERROR_NOTICE_MS },
        loading: { duration: Number.POSITIVE_INFINITY },
        className: 'text-sm',
      }}
    />
  );
  return (
    <>
      {host ? createPortal(toaster, host) : toaster}
      <NoticeLimiter />
    </>
  );
}
