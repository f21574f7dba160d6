// /emails?email=<id> (a link from the suppression list): loads that email so the log opens its details;
// closing them drops the parameter. An id that is not the user's answers 404 and says so.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router-dom';
import { type EmailLog, emailsApi } from '../../api';

export const LINKED_EMAIL_PARAM = 'email';

export function useLinkedEmail(onLoaded: (email: EmailLog) => void) {
  const [searchParams, setSearchParams] = useSearchParams();
  const emailId = searchParams.get(LINKED_EMAIL_PARAM);
  const linked = useQuery({
    queryKey: ['emails', 'one', emailId],
    queryFn: () => emailsApi.get(emailId ?? ''),
    enabled: Boolean(emailId),
  });

  // Only a newly loaded email opens the dialog, not a new onLoaded function.
  const onLoadedRef = useRef(onLoaded);
  onLoadedRef.current = onLoaded;
  const loaded = linked.data;
  useEffect(() => {
    if (loaded) onLoadedRef.current(loaded);
  }, [loaded]);

  useEffect(() => {
    if (linked.isError) toast.error('Email not found', { id: 'linked-email' });
  }, [linked.isError]);

  return {
    clear: () => {
      if (!searchParams.has(LINKED_EMAIL_PARAM)) return;
      const rest = new URLSearchParams(searchParams);
      rest.delete(LINKED_EMAIL_PARAM);
      setSearchParams(rest, { replace: true });
    },
  };
}
