// Template placeholders: extraction and rendering. Pure (no Node APIs) so the web app can preview
// live and the templates service renders exactly what the mail service sends.
//
// A placeholder is `{{ name }}`: two braces, optional spaces or tabs, a name, two braces. A name is
// letters, digits and underscores, optionally in dot-separated parts (`user.first_name`). Anything
// else (`{{}}`, `{{ two words }}`, `{single}`, an unclosed `{{name`) is ordinary text.
// `{{{name}}}` is not a raw/unescaped form: the outer braces stay literal around the inner placeholder.
// Whether a body is HTML is decided on the template as written (html/is-html.ts), never on the values: a
// plain template's values stay text, an HTML template's values are escaped.
import { escapeHtml } from './html/escape-html';
import { isHtml } from './html/is-html';
import { MAIL_LIMITS } from './mail';

/** Matches one placeholder; group 1 is the name. Global: always reset lastIndex or use with replace/matchAll. */
const PLACEHOLDER = /\{\{[ \t]*([\p{L}\p{N}_]+(?:\.[\p{L}\p{N}_]+)*)[ \t]*\}\}/gu;

export type TemplateValue = string | number | boolean | null | undefined;
export type TemplateValues = Readonly<Record<string, TemplateValue>>;

export interface RenderInput {
  subject: string;
  body: string;
}

export interface RenderResult {
  subject: string;
  body: string;
  /** Whether the body was treated as HTML (values were HTML-escaped). */
  isHtml: boolean;
  /** Every placeholder name without a value, distinct, in first-seen order (subject, then body). */
  missing: string[];
  /**
   * The first part that would pass its limit (RENDER_LIMITS) once filled, or null. Its placeholders from there on
   * are left as written, so the text is not what would be sent: a caller refuses it.
   */
  tooLong: 'subject' | 'body' | null;
}

/**
 * The longest subject and body a template may render to: what a send without a template may carry. Without them
 * one value placed in every placeholder of a 1 MB body would make a string of hundreds of megabytes.
 */
export const RENDER_LIMITS = { subjectMaxChars: MAIL_LIMITS.subjectMaxChars, bodyMaxChars: MAIL_LIMITS.bodyMaxChars };

/** Why a template filled with some values cannot be sent (RenderResult's `tooLong`). */
export const renderedTooLongMessage = (part: 'subject' | 'body') =>
  `The ${part} filled in with these values must be at most ${part === 'subject' ? RENDER_LIMITS.subjectMaxChars : RENDER_LIMITS.bodyMaxChars} characters`;

/** Distinct placeholder names across the given texts, in first-seen order. */
export function extractVariables(...texts: string[]): string[] {
  const seen = new Set<string>();
  for (const text of texts) {
    for (const match of text.matchAll(PLACEHOLDER)) seen.add(match[1] as string);
  }
  return [...seen];
}

/** A subject is one header line: line breaks (header injection) become single spaces. */
function toSubjectLine(value: string): string {
  return value.replace(/[\r\n]+/g, ' ');
}

function lookup(values: TemplateValues, name: string): string | undefined {
  // Own properties only: `{{constructor}}` must not find Object.prototype.constructor.
  if (!Object.hasOwn(values, name)) return undefined;
  const value = values[name];
  if (value === null || value === undefined) return undefined;
  return String(value);
}

interface Filled {
  text: string;
  tooLong: boolean;
}

function substitute(
  text: string,
  values: TemplateValues,
  missing: Set<string>,
  encode: (value: string) => string,
  maxChars: number,
): Filled {
  let length = text.length;
  let tooLong = length > maxChars;
  // One pass: a value containing `{{x}}` is never expanded again. Past the limit the names are still read, for
  // `missing`, but no value goes in.
  const filled = text.replace(PLACEHOLDER, (placeholder: string, name: string) => {
    const value = lookup(values, name);
    if (value === undefined) {
      missing.add(name);
      return placeholder;
    }
    if (tooLong) return placeholder;
    const encoded = encode(value);
    length += encoded.length - placeholder.length;
    tooLong = length > maxChars;
    return tooLong ? placeholder : encoded;
  });
  return { text: filled, tooLong };
}

/**
 * Replaces placeholders with values. Values are HTML-escaped in an HTML body (never in the subject,
 * which is not HTML); line breaks never reach the subject. A placeholder without a value stays as
 * written and is reported in `missing`, so callers can refuse to send or show what is left to fill.
 */
export function renderTemplate(template: RenderInput, values: TemplateValues): RenderResult {
  const missing = new Set<string>();
  const html = isHtml(template.body);
  const subject = substitute(template.subject, values, missing, toSubjectLine, RENDER_LIMITS.subjectMaxChars);
  const body = substitute(template.body, values, missing, html ? escapeHtml : (value) => value, RENDER_LIMITS.bodyMaxChars);
  return {
    subject: toSubjectLine(subject.text),
    body: body.text,
    isHtml: html,
    missing: [...missing],
    tooLong: subject.tooLong ? 'subject' : body.tooLong ? 'body' : null,
  };
}
