// The plan rule of the API, shown on /api-keys when the user's plan has no API access: keys cannot be
// created, and keys made on an earlier plan are refused until the user upgrades again.
import { MAIL_MESSAGES } from '@mailwright/contracts';
import { Link } from 'react-router-dom';
import { linkStyles } from '../../components/styles';
import { UPGRADE_LINK_TEXT } from '../forms/form-alert';

export function ApiAccessNotice({ hasKeys }: { hasKeys: boolean }) {
  return (
    <div
      className="mb-4 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
      data-testid="api-access-notice"
    >
      <p>
        {MAIL_MESSAGES.apiAccessRequired}{' '}
        <Link to="/pricing" className={linkStyles}>
          {UPGRADE_LINK_TEXT}
        </Link>
      </p>
      {hasKeys && <p className="mt-1">Your keys below are kept, but every call with them is refused on your current plan.</p>}
    </div>
  );
}
