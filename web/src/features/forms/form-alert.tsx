// A failure shown inside a form or dialog (where a toast could be missed): the sentence, and for a plan
// limit a link to /pricing.
import { Link } from 'react-router-dom';
import { linkStyles } from '../../components/styles';
import type { HumanError } from './human-error';

export const UPGRADE_LINK_TEXT = 'See plans and upgrade';

export function FormAlert({ error }: { error: HumanError | null }) {
  if (!error) return null;
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
      data-testid="form-alert"
    >
      {error.message}
      {error.upgrade && (
        <>
          {' '}
          <Link to="/pricing" className={linkStyles}>
            {UPGRADE_LINK_TEXT}
          </Link>
        </>
      )}
    </div>
  );
}
