// A screen whose data failed to load says so once: the toast id keeps a retry from stacking a second one.
import { useEffect } from 'react';
import toast from 'react-hot-toast';

export function useLoadErrorNotice(isError: boolean, message: string, id: string) {
  useEffect(() => {
    if (isError) toast.error(message, { id });
  }, [isError, message, id]);
}
