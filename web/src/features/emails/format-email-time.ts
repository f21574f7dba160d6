// Email Details times: in the email's own zone (UTC when it has none or an unknown one), formatted
// like 'Jan 05, 2025 13:00:00 UTC' (spec section 2).
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function formatIn(date: Date, timeZone: string): string {
  const parts: Record<string, string> = {};
  const formatter = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'short',
  });
  for (const part of formatter.formatToParts(date)) parts[part.type] = part.value;
  const month = MONTHS[Number(parts.month) - 1] ?? parts.month;
  const hour = parts.hour === '24' ? '00' : parts.hour;
  return `${month} ${parts.day}, ${parts.year} ${hour}:${parts.minute}:${parts.second} ${parts.timeZoneName}`;
}

/** '' for a missing or unreadable time. */
export function formatEmailTime(iso: string | null | undefined, timeZone?: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  if (timeZone) {
    try {
      return formatIn(date, timeZone);
    } catch {
      // unknown zone: fall through to UTC
    }
  }
  return formatIn(date, 'UTC');
}
