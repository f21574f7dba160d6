// Our Message-IDs are `<email id@mailwright>` (sending/prepare-email.ts): the email a bounce or a reply points at
// is read from the id itself, no lookup table needed. Anything else is someone else's message.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const OUR_DOMAIN = '@mailwright>';

/** The email ids among the Message-IDs, in order, distinct. */
export function ourEmailIds(messageIds: readonly string[]): string[] {
  const ids: string[] = [];
  for (const messageId of messageIds) {
    const normalised = messageId.trim().toLowerCase();
    if (!normalised.startsWith('<') || !normalised.endsWith(OUR_DOMAIN)) continue;
    const id = normalised.slice(1, -OUR_DOMAIN.length);
    if (UUID.test(id) && !ids.includes(id)) ids.push(id);
  }
  return ids;
}
