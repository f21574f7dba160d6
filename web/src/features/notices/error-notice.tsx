// The error notice for a failed call: the failure in plain words (see human-error.ts), and for a plan limit
// a link to /pricing. Notices live outside the router, so the link is a plain anchor.
import toast from 'react-hot-toast';
import { linkStyles } from '../../components/styles';
import { UPGRADE_LINK_TEXT } from '../forms/form-alert';
import { type HumanError, humanError } from '../forms/human-error';

export function showErrorNotice(human: HumanError): void {
  if (!human.upgrade) {
    toast.error(human.message);
    return;
  }
  toast.error(
    <span>
      {human.message}{' '}
      <a href="/pricing" className={linkStyles}>
        {UPGRADE_LINK_TEXT}
      </a>
    </span>,
    // Identical refusals share one notice (a plain string is merged by its text; this one needs an id).
    { id: `upgrade:${human.message}` },
  );
}

/** A failed call as an error notice: the server's point in plain words, else `fallback`. */
export function notifyError(error: unknown, fallback: string): void {
  showErrorNotice(humanError(error, fallback));
}
