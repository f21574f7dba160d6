// A block of RFC 5322 style fields ("Name: value", continuation lines folded in): a message's header section,
// an enclosed text/rfc822-headers part, or the field groups of a delivery-status / feedback-report part.
import { textLines } from '../text-lines';

export interface HeaderField {
  /** Lower-cased. */
  name: string;
  value: string;
}

/** The longest field value kept (a folded References header of a long thread stays well under it). */
const MAX_VALUE = 16_000;
const MAX_FIELDS = 500;

/** Reads fields until the first empty line or the end; lines that are not fields are skipped. */
export function readHeaderFields(text: string): HeaderField[] {
  return readFieldGroups(text, 1)[0] ?? [];
}

/** Groups of fields separated by empty lines (RFC 3464: per-message fields, then one group per recipient). */
export function readFieldGroups(text: string, maxGroups = 100): HeaderField[][] {
  const groups: HeaderField[][] = [];
  let group: HeaderField[] = [];
  let current: HeaderField | null = null;
  for (const line of textLines(text)) {
    if (line.trim() === '') {
      if (group.length > 0) groups.push(group);
      if (groups.length >= maxGroups) return groups;
      group = [];
      current = null;
      continue;
    }
    const first = line.charCodeAt(0);
    if ((first === 32 || first === 9) && current) {
      if (current.value.length < MAX_VALUE) current.value = `${current.value} ${line.trim()}`.slice(0, MAX_VALUE);
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0 || group.length >= MAX_FIELDS) {
      current = null;
      continue;
    }
    const name = line.slice(0, colon).trim().toLowerCase();
    if (name === '' || name.includes(' ')) {
      current = null;
      continue;
    }
    current = { name, value: line.slice(colon + 1).trim() };
    group.push(current);
  }
  if (group.length > 0 && groups.length < maxGroups) groups.push(group);
  return groups;
}

/** The first value of the field `name` (lower-case), or ''. */
export function fieldValue(fields: HeaderField[], name: string): string {
  return fields.find((field) => field.name === name)?.value ?? '';
}
