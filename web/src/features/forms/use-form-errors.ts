// A form's server-side failures: an error about one field goes next to that field, a plan limit into the
// form (with its /pricing link), anything else into the usual error notice.
import { useCallback, useState } from 'react';
import toast from 'react-hot-toast';
import { type FieldLabels, type HumanError, humanError } from './human-error';

export function useFormErrors(labels: FieldLabels) {
  const [fields, setFields] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<HumanError | null>(null);

  const report = useCallback(
    (error: unknown, fallback: string) => {
      const human = humanError(error, fallback, labels);
      if (human.field) setFields({ [human.field]: human.message });
      else if (human.upgrade) setAlert(human);
      else toast.error(human.message);
    },
    [labels],
  );

  /** Before a new attempt: nothing is wrong until the server says so again. */
  const reset = useCallback(() => {
    setFields({});
    setAlert(null);
  }, []);

  /** The user changed this field: its error no longer applies. */
  const clear = useCallback((field: string) => {
    setFields((current) => {
      if (!Object.hasOwn(current, field)) return current;
      const { [field]: _dropped, ...rest } = current;
      return rest;
    });
  }, []);

  return { fields, alert, report, reset, clear };
}
