// Date filters: 'YYYY-MM-DD' means the whole UTC day (so ?to=2025-01-31 includes the 31st); an ISO instant is exact.
import { AppError } from '@mailwright/kit';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function parse(name: string, text: string): Date {
  const ms = Date.parse(DAY.test(text) ? `${text}T00:00:00Z` : text);
  if (Number.isNaN(ms)) throw new AppError('VALIDATION_ERROR', `${name} must be a date (YYYY-MM-DD) or an ISO date and time`);
  return new Date(ms);
}

export function rangeFrom(text: string | undefined): Date | null {
  return text ? parse('from', text) : null;
}

/** The exclusive end of the range. */
export function rangeTo(text: string | undefined): Date | null {
  if (!text) return null;
  const at = parse('to', text);
  return DAY.test(text) ? new Date(at.getTime() + 86_400_000) : at;
}
