// A change to server data that tells the user how it went: a success notice, the server's message (or
// the fallback) in plain words on failure, and the cached lists under `invalidates` reloaded after success.
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { notifyError } from './error-notice';

type Text<TData, TInput> = string | ((data: TData, input: TInput) => string);

interface NotifyingMutationOptions<TData, TInput> {
  mutationFn: (input: TInput) => Promise<TData>;
  /** The success notice; none when omitted (onSuccess then says what happened). */
  success?: Text<TData, TInput>;
  /** Shown when the server sent no message of its own. */
  failure: string | ((input: TInput) => string);
  invalidates?: QueryKey;
  onSuccess?: (data: TData, input: TInput) => void;
  /** A form that shows failures next to its fields (see use-form-errors.ts) instead of in a notice. */
  form?: { report: (error: unknown, fallback: string) => void; reset: () => void };
}

export function useNotifyingMutation<TData, TInput>({
  mutationFn,
  success,
  failure,
  invalidates,
  onSuccess,
  form,
}: NotifyingMutationOptions<TData, TInput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (data, input) => {
      if (success !== undefined) toast.success(typeof success === 'string' ? success : success(data, input));
      onSuccess?.(data, input);
      if (invalidates) void queryClient.invalidateQueries({ queryKey: invalidates });
    },
    onMutate: () => form?.reset(),
    onError: (error, input) => {
      const fallback = typeof failure === 'string' ? failure : failure(input);
      if (form) form.report(error, fallback);
      else notifyError(error, fallback);
    },
  });
}
