// Message-IDs as the finding reports them: `<local@domain>`, trimmed, domain lower-cased, distinct, in order.

const MAX_IDS = 100;
const MAX_ID_LENGTH = 998;

/** `<Local@Domain.Example>` → `<Local@domain.example>`; null when it is not `local@domain`. */
export function normaliseMessageId(value: string): string | null {
  let id = value.trim();
  if (id.startsWith('<')) id = id.slice(1);
  if (id.endsWith('>')) id = id.slice(0, -1);
  id = id.trim();
  const at = id.lastIndexOf('@');
  if (at <= 0 || at === id.length - 1 || id.length > MAX_ID_LENGTH) return null;
  for (let index = 0; index < id.length; index++) {
    const code = id.charCodeAt(index);
    if (code <= 32 || code === 60 || code === 62 || code === 127) return null;
  }
  return `<${id.slice(0, at)}@${id.slice(at + 1).toLowerCase()}>`;
}

/** Every `<…@…>` in a header value (Message-ID, In-Reply-To, References), in order. */
export function messageIdsIn(value: string): string[] {
  const ids: string[] = [];
  let search = 0;
  while (ids.length < MAX_IDS) {
    const open = value.indexOf('<', search);
    if (open === -1) break;
    const close = value.indexOf('>', open + 1);
    if (close === -1) break;
    // `<a <b@c>`: the id is the part after the last '<' before the '>' (found backwards, so each char is read once).
    const start = value.lastIndexOf('<', close);
    const id = normaliseMessageId(value.slice(start, close + 1));
    if (id) ids.push(id);
    search = close + 1;
  }
  return ids;
}

/** Collects ids once each, in the order first seen. */
export class MessageIdList {
  private readonly seen = new Set<string>();

  add(ids: Iterable<string>): this {
    for (const id of ids) if (this.seen.size < MAX_IDS) this.seen.add(id);
    return this;
  }

  get ids(): string[] {
    return [...this.seen];
  }
}
