// Turns a failed call into what a person can act on: which field is wrong and a sentence in plain words,
// instead of the validator's text ('to.0 must match format "email"'). Switches on the error code and the
// field, never on a whole server sentence; a domain sentence the server wrote for people is kept.
import type { ErrorCode } from '@mailwright/contracts';
import { ApiError } from '../../api';

export interface HumanError {
  message: string;
  /** The form field it belongs to (a key of the labels given), shown next to that field. */
  field?: string;
  /** A plan limit: the message comes with a link to /pricing. */
  upgrade: boolean;
}

/** Form field name (as the server names the body field) → its label on screen. */
export type FieldLabels = Readonly<Record<string, string>>;

const UPGRADE_CODES: ReadonlySet<ErrorCode> = new Set(['PLAN_LIMIT', 'API_ACCESS_REQUIRED', 'QUOTA_EXCEEDED']);

/** '<path> <rest>' where path is a body field, maybe nested or indexed: 'to.0', 'smtpConfig.host', 'name'. */
const FIELD_SENTENCE = /^([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_-]+)*) (.+)$/;

type Rule = [RegExp, (label: string, match: RegExpMatchArray, index: number | null) => string];

/** The validator's phrases (ajv, lower-cased), each in plain words. */
const RULES: Rule[] = [
  [/^is required$/, (label) => `${label} is required`],
  [/^must not have fewer than 1 characters?$/, (label) => `${label} is required`],
  [/^must not have fewer than (\d+) characters$/, (label, m) => `${label} must be at least ${m[1]} characters`],
  [/^must not have more than (\d+) characters$/, (label, m) => `${label} must be at most ${m[1]} characters`],
  [/^must not have fewer than 1 items?$/, (label) => `${label} is required`],
  [/^must not have more than (\d+) items$/, (label, m) => `${label} can hold at most ${m[1]} entries`],
  [
    /^must match format "email"$/,
    (label, _m, index) =>
      index === null ? `${label} must be a valid email address` : `Address ${index + 1} in ${label} is not a valid email address`,
  ],
  [/^must match format "(uri|url)"$/, (label) => `${label} must be a full URL, like https://example.com`],
  [/^must be (integer|number)$/, (label) => `${label} must be a number`],
  [/^must be >= (-?\d+)$/, (label, m) => `${label} must be at least ${m[1]}`],
  [/^must be <= (-?\d+)$/, (label, m) => `${label} must be at most ${m[1]}`],
  [/^must be (string|boolean|array|object)$/, (label) => `${label} is not valid`],
  [/^must match pattern /, (label) => `${label} is not valid`],
  [/^must be equal to one of the allowed values$/, (label) => `Choose one of the offered values for ${label}`],
];

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** 'smtpConfig.host' → 'Host'; 'to' → 'To'. */
function fallbackLabel(path: string): string {
  const last =
    path
      .split('.')
      .filter((segment) => !/^\d+$/.test(segment))
      .pop() ?? path;
  return capitalized(last.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase());
}

/** The field a validation sentence names, and the sentence in plain words; null when it names none. */
function fromValidation(message: string, labels: FieldLabels): { field: string; message: string } | null {
  const match = FIELD_SENTENCE.exec(message);
  if (!match) return null;
  const [, path = '', rest = ''] = match;
  const segments = path.split('.');
  const root = segments[0] ?? path;
  const known = Object.hasOwn(labels, path) ? path : Object.hasOwn(labels, root) ? root : null;
  const phrase = rest.toLowerCase();
  const rule = RULES.find(([pattern]) => pattern.test(phrase));
  // A sentence that starts with a word which is not one of the form's fields and is no validator phrase is prose.
  if (!known && !rule) return null;
  const label = known ? (labels[known] ?? fallbackLabel(path)) : fallbackLabel(path);
  const indexSegment = segments.find((segment) => /^\d+$/.test(segment));
  const index = indexSegment === undefined ? null : Number(indexSegment);
  const text = rule ? rule[1](label, phrase.match(rule[0]) ?? ([] as unknown as RegExpMatchArray), index) : `${label} ${rest}`;
  return { field: known ?? root, message: text };
}

export function humanError(error: unknown, fallback: string, labels: FieldLabels = {}): HumanError {
  if (!(error instanceof ApiError) || !error.hasServerMessage) return { message: fallback, upgrade: false };
  if (error.code && UPGRADE_CODES.has(error.code)) return { message: error.message, upgrade: true };
  const named = error.field && Object.hasOwn(labels, error.field) ? error.field : undefined;
  if (error.code === 'VALIDATION_ERROR') {
    const parsed = fromValidation(error.message, labels);
    if (parsed) {
      const field = named ?? (Object.hasOwn(labels, parsed.field) ? parsed.field : undefined);
      return { message: parsed.message, field, upgrade: false };
    }
  }
  return { message: error.message, field: named, upgrade: false };
}
