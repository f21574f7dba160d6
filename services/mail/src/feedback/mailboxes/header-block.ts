// The few header fields of a raw header block (what an IMAP FETCH of BODY.PEEK[HEADER.FIELDS (...)] returns):
// folded lines joined, names lower-cased, the first occurrence of each kept.

export function parseHeaderBlock(block: Buffer | string): Map<string, string> {
  const fields = new Map<string, string>();
  const unfolded = block.toString('utf8').replace(/\r?\n[ \t]+/g, ' ');
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!fields.has(name)) fields.set(name, line.slice(colon + 1).trim());
  }
  return fields;
}
