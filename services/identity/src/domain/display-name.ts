// The name a person gives is shown in the platform's own mails ("Hi <name>,"): it must not carry a second line
// (header-like text, a forged paragraph) or a link a mail client would make clickable. Line breaks and other
// control characters become spaces, and words that read as a URL or a host name are dropped. One pass over
// the text, word by word: no regular expression that could backtrack on a long name (the one used is a single
// character class).

export const NAME_REQUIRED_MESSAGE = 'Name is required';

/** Control characters (C0, DEL, C1) and the Unicode line and paragraph separators: one character class, no backtracking. */
const CONTROL = /[\p{Cc}\u2028\u2029]/gu;

/** A word a mail client would turn into a link: has a scheme, starts with www., or ends in a dotted name. */
function looksLikeLink(word: string): boolean {
  const lower = word.toLowerCase();
  if (lower.includes('://') || lower.startsWith('www.') || lower.includes('@')) return true;
  const bare = trimPunctuation(lower);
  const lastDot = bare.lastIndexOf('.');
  if (lastDot <= 0) return false;
  const tail = bare.slice(lastDot + 1);
  // "J.R.R." or "St. John" keep their dots: a host name ends in a label of two letters or more.
  return tail.length >= 2 && [...tail].every((char) => char >= 'a' && char <= 'z');
}

function trimPunctuation(word: string): string {
  const punctuation = '.,;:!?()[]{}<>"\'';
  let start = 0;
  let end = word.length;
  while (start < end && punctuation.includes(word.charAt(start))) start++;
  while (end > start && punctuation.includes(word.charAt(end - 1))) end--;
  return word.slice(start, end);
}

/** The name with control characters turned into spaces, link-like words removed and spaces collapsed; may be ''. */
export function cleanDisplayName(name: string): string {
  return name
    .replace(CONTROL, ' ')
    .split(' ')
    .filter((word) => word !== '' && !looksLikeLink(word))
    .join(' ');
}
