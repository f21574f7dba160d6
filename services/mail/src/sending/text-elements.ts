// What each HTML element means in an email's text version: blocks on lines of their own, list items with bullets,
// quotes with "> ", links with their address, hidden elements left out. The stack of open elements closes what
// HTML closes implicitly (a paragraph at the next block, a list item at the next one) and is searched only
// MAX_CLOSE_SEARCH deep for a close tag's element, so that stray close tags cost the same whatever the nesting.
import { TextLayout, type TextMark } from './text-layout';

/** How deep a close tag looks for its element; a stray one (nothing open by that name near the top) is ignored. */
const MAX_CLOSE_SEARCH = 64;
const CELL_GAP = '   ';
const RULE = '-'.repeat(40);

/** Elements whose content is not text a reader sees. */
const HIDDEN = new Set([
  'head',
  'title',
  'style',
  'script',
  'noscript',
  'template',
  'svg',
  'math',
  'object',
  'iframe',
  'textarea',
]);
/** Elements that never hold content, so no close tag follows them. */
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);
/** Line breaks before and after each block: paragraphs apart by a blank line, the rest on lines of their own. */
const BLOCK_BREAKS = new Map<string, number>([
  ['p', 2],
  ['h1', 2],
  ['h2', 2],
  ['h3', 2],
  ['h4', 2],
  ['h5', 2],
  ['h6', 2],
  ['dl', 2],
  ['table', 2],
  ['figure', 2],
  ['div', 1],
  ['section', 1],
  ['article', 1],
  ['header', 1],
  ['footer', 1],
  ['main', 1],
  ['nav', 1],
  ['aside', 1],
  ['address', 1],
  ['center', 1],
  ['form', 1],
  ['fieldset', 1],
  ['figcaption', 1],
  ['caption', 1],
  ['tr', 1],
  ['dt', 1],
  ['dd', 1],
]);
/** Elements that an open one of the same group closes, up to (not past) the container they belong to. */
const IMPLIED_CLOSE = new Map<string, { closes: readonly string[]; within: readonly string[] }>([
  ['li', { closes: ['li'], within: ['ul', 'ol'] }],
  ['td', { closes: ['td', 'th'], within: ['tr', 'table'] }],
  ['th', { closes: ['td', 'th'], within: ['tr', 'table'] }],
  ['tr', { closes: ['tr'], within: ['table'] }],
  ['dt', { closes: ['dt', 'dd'], within: ['dl'] }],
  ['dd', { closes: ['dt', 'dd'], within: ['dl'] }],
]);

interface Frame {
  name: string;
  close: () => void;
}

interface Link {
  address: string;
  start: TextMark;
}

const NOTHING = () => {};

/** Elements that start on a line of their own, and so end a paragraph left open before them. */
const isBlock = (name: string) =>
  BLOCK_BREAKS.has(name) || name === 'ul' || name === 'ol' || name === 'blockquote' || name === 'pre' || name === 'hr';

/** The addresses a reader can use from plain text; relative links, fragments and scripts mean nothing there. */
function shownAddress(href: string | undefined): string | null {
  const value = href?.trim() ?? '';
  return /^(https?:|mailto:|tel:)/i.test(value) ? value : null;
}

export class TextElements {
  private readonly layout: TextLayout;
  private readonly frames: Frame[] = [];
  private readonly lists: { ordered: boolean; next: number }[] = [];
  private link: Link | null = null;
  private hidden = 0;
  private preformatted = 0;

  constructor(width: number, maxChars: number) {
    this.layout = new TextLayout(width, maxChars);
  }

  open(name: string, href: string | undefined, start: string | undefined): void {
    if (this.hidden > 0 || HIDDEN.has(name)) {
      if (VOID.has(name)) return;
      this.hidden += 1;
      this.frames.push({ name, close: () => (this.hidden -= 1) });
      return;
    }
    this.closeImplied(name);
    const close = this.opened(name, href, start);
    if (!VOID.has(name)) this.frames.push({ name, close });
  }

  close(name: string): void {
    // `</br>` is read as `<br>` by browsers; `</p>` with no paragraph open as an empty one.
    if (name === 'br') {
      this.open('br', undefined, undefined);
      return;
    }
    const at = this.findOpen([name], []);
    if (at !== -1) this.closeFrom(at);
    else if (name === 'p' && this.hidden === 0) this.layout.block(2);
  }

  text(text: string): void {
    if (this.hidden > 0) return;
    if (this.preformatted > 0) this.layout.addPreformatted(text);
    else this.layout.addText(text);
  }

  finish(): string {
    this.closeFrom(0);
    return this.layout.toString();
  }

  /** Closes the frames from `at` up, innermost first. */
  private closeFrom(at: number): void {
    while (this.frames.length > at) (this.frames.pop() as Frame).close();
  }

  /** Where an element named one of `names` is open in the top MAX_CLOSE_SEARCH frames, not past any of `within`. */
  private findOpen(names: readonly string[], within: readonly string[]): number {
    const lowest = Math.max(0, this.frames.length - MAX_CLOSE_SEARCH);
    for (let i = this.frames.length - 1; i >= lowest; i--) {
      const frameName = (this.frames[i] as Frame).name;
      if (names.includes(frameName)) return i;
      if (within.includes(frameName)) return -1;
    }
    return -1;
  }

  private closeImplied(name: string): void {
    const rule = IMPLIED_CLOSE.get(name);
    let at = rule ? this.findOpen(rule.closes, rule.within) : -1;
    if (!rule && isBlock(name) && this.frames.at(-1)?.name === 'p') at = this.frames.length - 1;
    if (at !== -1) this.closeFrom(at);
  }

  /** Opens one element and returns what closing it does. */
  private opened(name: string, href: string | undefined, start: string | undefined): () => void {
    const layout = this.layout;
    switch (name) {
      case 'br':
        layout.lineBreak();
        return NOTHING;
      case 'hr':
        layout.addLine(RULE, 2);
        return NOTHING;
      case 'a':
        return this.openedLink(href);
      case 'td':
      case 'th':
        layout.separate(CELL_GAP);
        return () => layout.separate(CELL_GAP);
      case 'ul':
      case 'ol':
        return this.openedList(name === 'ol', Number.parseInt(start ?? '', 10));
      case 'li':
        return this.openedListItem();
      case 'blockquote':
        layout.block(2);
        layout.pushPrefix('> ', '> ');
        return () => {
          layout.popPrefix();
          layout.block(2);
        };
      case 'pre':
        layout.block(2);
        this.preformatted += 1;
        return () => {
          this.preformatted -= 1;
          layout.block(2);
        };
    }
    const breaks = BLOCK_BREAKS.get(name);
    if (breaks === undefined) return NOTHING;
    layout.block(breaks);
    return () => layout.block(breaks);
  }

  /**
   * A link reads as its text and its address in brackets, or the address alone when that is the text or there is
   * none (a linked image). Links do not nest: a new one ends the one before, as in a browser.
   */
  private openedLink(href: string | undefined): () => void {
    if (this.link) this.endLink(this.link);
    const address = shownAddress(href);
    if (address === null) return NOTHING;
    const link = { address, start: this.layout.mark() };
    this.link = link;
    return () => this.endLink(link);
  }

  private endLink(link: Link): void {
    if (this.link !== link) return;
    this.link = null;
    const text = this.layout.textSince(link.start);
    const bare = link.address.replace(/^mailto:/i, '');
    if (text === '') this.layout.addText(bare);
    else if (text !== link.address && text !== bare) this.layout.append(`[${bare}]`);
  }

  private openedList(ordered: boolean, start: number): () => void {
    this.layout.block(this.lists.length === 0 ? 2 : 1);
    this.lists.push({ ordered, next: Number.isFinite(start) ? start : 1 });
    return () => {
      this.lists.pop();
      this.layout.block(this.lists.length === 0 ? 2 : 1);
    };
  }

  private openedListItem(): () => void {
    const list = this.lists.at(-1) ?? { ordered: false, next: 1 };
    const bullet = list.ordered ? ` ${list.next++}. ` : ' * ';
    this.layout.block(1);
    this.layout.pushPrefix(bullet, ' '.repeat(bullet.length));
    return () => {
      this.layout.popPrefix();
      this.layout.block(1);
    };
  }
}
