// A delivery report written as prose (Gmail's older notices, Exchange NDRs, Exim, qmail, Sendmail texts): the
// server's answer is the first line, above the copy of the original, that carries an SMTP code; the recipient
// is the X-Failed-Recipients header, else the address in that answer, else the first line that starts with
// an address. Without any code the text is a bounce only when X-Failed-Recipients names someone (permanent)
// or its subject speaks of a delay (temporary).
import { addressesIn } from './addresses';
import { isDelaySubject } from './bounce-signals';
import { MAX_DIAGNOSTIC } from './delivery-status';
import { isPermanentCode, reportedCode, statusCodesIn } from './status-codes';
import { collapseWhitespace, textLines } from './text-lines';

export interface TextBounce {
  permanent: boolean;
  code: string | null;
  diagnostic: string | null;
  recipient: string | null;
}

export interface TextBounceContext {
  subject: string;
  /** The X-Failed-Recipients header value, or ''. */
  failedRecipients: string;
  /** The report's own To (the sender's mailbox): never taken for the failed recipient. */
  ownAddresses: string[];
}

export function readTextBounce(text: string, context: TextBounceContext): TextBounce | null {
  const lines = reportLines(text);
  const answer = serverAnswer(lines);
  const codes = answer ? statusCodesIn(answer.line) : null;
  const code = codes ? reportedCode(codes) : null;
  const failed = addressesIn(context.failedRecipients.slice(0, 2_000));
  let permanent: boolean;
  if (code !== null) permanent = isPermanentCode(code) === true;
  else if (failed.length > 0) permanent = true;
  else if (isDelaySubject(context.subject)) permanent = false;
  else return null;
  const notOwn = (address: string) => !context.ownAddresses.includes(address);
  const recipient =
    failed.find(notOwn) ??
    (answer ? addressesIn(answer.text.slice(0, 2_000)).find(notOwn) : undefined) ??
    firstAddressLine(lines, notOwn);
  return { permanent, code, diagnostic: answer?.text ?? null, recipient: recipient ?? null };
}

/** The report's own lines: everything above the copy of the original message. */
function reportLines(text: string): string[] {
  const lines = textLines(text, 2_000);
  const end = lines.findIndex(isOriginalMarker);
  return end === -1 ? lines : lines.slice(0, end);
}

function isOriginalMarker(line: string): boolean {
  const lower = line.trim().toLowerCase();
  return (
    (lower.startsWith('-') && lower.includes('message')) ||
    lower.startsWith('original message headers') ||
    lower.startsWith('below this line is a copy')
  );
}

/** The first line with an SMTP code, with the more indented lines that continue it. */
function serverAnswer(lines: string[]): { line: string; text: string } | null {
  const index = lines.findIndex((line) => {
    const codes = statusCodesIn(line);
    return codes.enhanced !== null || codes.reply !== null;
  });
  const line = lines[index];
  if (index === -1 || line === undefined) return null;
  const indent = indentOf(line);
  let text = line;
  for (const next of lines.slice(index + 1, index + 20)) {
    if (next.trim() === '' || indentOf(next) <= indent || text.length > MAX_DIAGNOSTIC) break;
    text += ` ${next}`;
  }
  return { line, text: collapseWhitespace(text).slice(0, MAX_DIAGNOSTIC) };
}

function indentOf(line: string): number {
  let count = 0;
  while (count < line.length && (line[count] === ' ' || line[count] === '\t')) count++;
  return count;
}

function firstAddressLine(lines: string[], accept: (address: string) => boolean): string | undefined {
  for (const line of lines) {
    const trimmed = line.trim().toLowerCase();
    const address = addressesIn(trimmed)[0];
    if (address && accept(address) && (trimmed.startsWith(address) || trimmed.startsWith(`<${address}`))) return address;
  }
  return undefined;
}
