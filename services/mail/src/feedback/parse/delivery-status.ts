// An RFC 3464 message/delivery-status part (or RFC 6533 message/global-delivery-status): per-message fields, then
// one group per recipient. A report may list several recipients; the finding is about the first one whose
// Action is `failed`, else the first `delayed` one (one email's bounce is about one recipient at a time: a
// later report names the next). A report with only delivered/relayed/expanded recipients is no bounce.
import { firstAddressIn } from './addresses';
import { messageIdsIn } from './message-ids';
import { fieldValue, readFieldGroups } from './mime/header-fields';
import { isPermanentCode, reportedCode, statusCodesIn } from './status-codes';
import { collapseWhitespace } from './text-lines';

export interface DeliveryFailure {
  permanent: boolean;
  code: string | null;
  diagnostic: string | null;
  recipient: string | null;
  /** Arrival-Date of the report, when given. */
  arrivalDate: string | null;
  /** X-Original-Message-ID (Gmail writes it among the per-message fields). */
  originalMessageIds: string[];
}

export const MAX_DIAGNOSTIC = 1_000;

export function readDeliveryStatus(text: string): DeliveryFailure | null {
  const [perMessage = [], ...recipients] = readFieldGroups(text);
  const action = (fields: typeof perMessage) => fieldValue(fields, 'action').toLowerCase().split(/[\s(]/)[0] ?? '';
  const chosen =
    recipients.find((fields) => action(fields) === 'failed') ?? recipients.find((fields) => action(fields) === 'delayed');
  if (!chosen) return null;
  const status = statusCodesIn(` ${fieldValue(chosen, 'status').slice(0, 100)}`).enhanced;
  const diagnostic = diagnosticText(fieldValue(chosen, 'diagnostic-code'));
  const fromDiagnostic = diagnostic ? statusCodesIn(diagnostic.slice(0, 2_000)) : { enhanced: null, reply: null };
  const code = status ?? reportedCode(fromDiagnostic);
  return {
    permanent: action(chosen) === 'failed' && (code === null || isPermanentCode(code) !== false),
    code,
    diagnostic,
    recipient: recipientOf(fieldValue(chosen, 'final-recipient')) ?? recipientOf(fieldValue(chosen, 'original-recipient')),
    arrivalDate: fieldValue(perMessage, 'arrival-date') || null,
    originalMessageIds: messageIdsIn(fieldValue(perMessage, 'x-original-message-id')),
  };
}

/** "smtp; 550 5.1.1 …" → "550 5.1.1 …" (the diagnostic type is dropped), whitespace collapsed, ≤ 1000 chars. */
function diagnosticText(value: string): string | null {
  const semicolon = value.indexOf(';');
  const text = collapseWhitespace(semicolon >= 0 && semicolon < 40 ? value.slice(semicolon + 1) : value).slice(0, MAX_DIAGNOSTIC);
  return text === '' ? null : text;
}

/** "rfc822; someone@example.com" → "someone@example.com". */
function recipientOf(value: string): string | null {
  const semicolon = value.indexOf(';');
  return firstAddressIn((semicolon >= 0 ? value.slice(semicolon + 1) : value).slice(0, 2_000));
}
