// to, cc and bcc are typed comma-separated: split on commas, trim, drop empties (spec section 5).
export function parseRecipients(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}
