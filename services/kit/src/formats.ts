// String formats the TypeBox validator checks (TypeBox knows none by default and rejects unknown ones).
// Registered once per process by createServiceApp, so every service's schemas mean the same thing.
import { FormatRegistry } from '@sinclair/typebox';

// ajv-formats' "fast" email rule: no spaces, no line breaks, one @, a hostname after it.
const EMAIL = /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:[Zz]|[+-]\d{2}:?\d{2})$/;

/** The `email` format's rule, for input that does not come through a schema (a CSV row). */
export const isEmailAddress = (value: string): boolean => value.length <= 254 && EMAIL.test(value);

export function registerFormats(): void {
  if (!FormatRegistry.Has('email')) FormatRegistry.Set('email', isEmailAddress);
  if (!FormatRegistry.Has('date-time')) {
    FormatRegistry.Set('date-time', (value) => DATE_TIME.test(value) && !Number.isNaN(Date.parse(value)));
  }
  if (!FormatRegistry.Has('uri')) {
    FormatRegistry.Set('uri', (value) => {
      try {
        new URL(value);
        return true;
      } catch {
        return false;
      }
    });
  }
}
