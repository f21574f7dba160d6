// SMTP answers in a line of a bounce: the enhanced status code (RFC 3463, "5.1.1") and the basic reply code
// ("550"). The patterns are anchored on single short lines (see text-lines.ts) and have no nested quantifiers.

export interface StatusCodes {
  /** e.g. '5.1.1' */
  enhanced: string | null;
  /** e.g. '550' */
  reply: string | null;
}

const ENHANCED = /(?:^|[^0-9.])([245]\.[0-9]{1,3}\.[0-9]{1,3})(?![0-9]|\.[0-9])/;
const PERMANENT_REPLIES = new Set(['550', '551', '552', '553', '554']);
const TEMPORARY_REPLIES = new Set(['421', '450', '451', '452']);
const REPLY = /(?:^|[^0-9A-Za-z.])([45][0-9]{2})(?=[ -]|$)/g;

export function statusCodesIn(line: string): StatusCodes {
  const enhanced = ENHANCED.exec(line)?.[1] ?? null;
  let reply: string | null = null;
  for (const match of line.matchAll(REPLY)) {
    const code = match[1] ?? '';
    if (PERMANENT_REPLIES.has(code) || TEMPORARY_REPLIES.has(code)) {
      reply = code;
      break;
    }
  }
  return { enhanced, reply };
}

/** Whether a code (enhanced or reply) says the failure is permanent; null when it says neither. */
export function isPermanentCode(code: string): boolean | null {
  if (code.startsWith('5')) return true;
  if (code.startsWith('4')) return false;
  return null;
}

/** The code the finding reports: the enhanced one, else the reply code. */
export function reportedCode(codes: StatusCodes): string | null {
  return codes.enhanced ?? codes.reply;
}
