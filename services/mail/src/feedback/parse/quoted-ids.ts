// Message-IDs a prose bounce quotes from the original's headers ("Message-ID: <…>", possibly folded onto the next
// line), found line by line. The original's own Message-ID lines come first, then In-Reply-To and References.
import { messageIdsIn } from './message-ids';
import { textLines } from './text-lines';

const FIELDS = ['message-id:', 'in-reply-to:', 'references:'] as const;

export function quotedMessageIds(text: string): string[] {
  const lines = textLines(text);
  const byField: string[][] = FIELDS.map(() => []);
  for (let index = 0; index < lines.length; index++) {
    const line = (lines[index] ?? '').trimStart();
    const lower = line.slice(0, 12).toLowerCase();
    const field = FIELDS.findIndex((name) => lower.startsWith(name));
    if (field === -1) continue;
    let value = line.slice(FIELDS[field]?.length);
    for (let next = index + 1; next < lines.length && next <= index + 20; next++) {
      const continuation = lines[next] ?? '';
      if (!continuation.startsWith(' ') && !continuation.startsWith('\t')) break;
      value += ` ${continuation}`;
    }
    byField[field]?.push(...messageIdsIn(value));
  }
  return byField.flat();
}
