// HTML reduced to text for a bounce that has no text part: tags dropped in one pass (indexOf to each '>'),
// block ends become line breaks, style and script contents skipped, the common entities decoded.

const BLOCK_TAGS = new Set(['br', 'p', '/p', 'div', '/div', 'tr', '/tr', 'li', 'hr', 'h1', 'h2', 'h3', 'table', '/table']);
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

export function htmlToText(html: string): string {
  const lower = html.toLowerCase();
  let out = '';
  let position = 0;
  while (position < html.length) {
    const open = html.indexOf('<', position);
    if (open === -1) {
      out += html.slice(position);
      break;
    }
    out += html.slice(position, open);
    const close = html.indexOf('>', open + 1);
    if (close === -1) break;
    const name = tagName(html.slice(open + 1, Math.min(close, open + 20)));
    if (BLOCK_TAGS.has(name)) out += '\n';
    position = close + 1;
    if (name === 'style' || name === 'script') {
      const end = lower.indexOf(`</${name}`, position);
      position = end === -1 ? html.length : end;
    }
  }
  return decodeEntities(out);
}

function tagName(start: string): string {
  let name = '';
  for (const char of start.toLowerCase()) {
    if (char === ' ' || char === '>' || char === '\t' || char === '\n' || char === '\r') break;
    if (char !== '/' || name === '') name += char;
  }
  return name.endsWith('/') ? name.slice(0, -1) : name;
}

function decodeEntities(text: string): string {
  let out = '';
  let copied = 0;
  let search = 0;
  while (search < text.length) {
    const amp = text.indexOf('&', search);
    if (amp === -1) break;
    search = amp + 1;
    // An entity name is short: the ';' is looked for in the next few characters only, so '&&&…' stays linear.
    const near = text.slice(amp + 1, amp + 9).indexOf(';');
    if (near === -1) continue;
    const entity = ENTITIES[text.slice(amp + 1, amp + 1 + near).toLowerCase()];
    if (entity === undefined) continue;
    out += text.slice(copied, amp) + entity;
    copied = amp + 2 + near;
    search = copied;
  }
  return out + text.slice(copied);
}
