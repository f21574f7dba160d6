// A change to server data that tells the user how it went: a success notice, the server's message (or
// the fallback) on failure, and the cached lists under `invalidates` reloaded after success.
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { errorMessage } from '../../api';

type Text<TData, TInput> = string | ((data: TData, input: TInput) => string);

interface NotifyingMutationOptions<TData, TInput> {
  mutationFn: (input: TInput) => Promise<TData>;
  /** The success notice; none when omitted (onSuccess then says what happened). */
  success?: Text<TData, TInput>;
  /** Shown when the server sent no message of its own. */
  failure: string | ((input: TInput) => string);
  invalidates?: QueryKey;
  onSuccess?: (data: TData, input: TInput) => void;
}

export function useNotifyingMutation<TData, TInput>({
  mutationFn,
  success,
  failure,
  invalidates,
  onSuccess,
}: NotifyingMutationOptions<TData, TInput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (data, input) => {
      if (success !== undefined) toast.success(typeof success === 'string' ? success : success(data, input));
      onSuccess?.(data, input);
      if (invalidates) void queryClient.invalidateQueries({ queryKey: invalidates });
    },
    onError: (error, input) => toast.error(errorMessage(error, typeof failure === 'string' ? failure : failure(input))),
  });
}
