// The layout side of an HTML body's text version: inline text gathered into words (HTML's whitespace collapsed),
// blocks separated by line breaks, lines wrapped at a width, and the prefixes of list items and quotes. The HTML
// side (which element is a block, a list, a link) is text-version.ts's; this knows only words, blocks and prefixes.

/** HTML's whitespace: space, tab, line feed, form feed, carriage return. */
const isHtmlWhitespace = (code: number) => code === 32 || code === 9 || code === 10 || code === 12 || code === 13;
/** Deeply nested lists and quotes still leave this much of a line for their text. */
const MIN_WIDTH = 20;
/** Lists and quotes nested deeper than this indent no further, so a line's prefix stays short. */
const MAX_PREFIXES = 8;

export interface TextMark {
  words: number;
  flushes: number;
}

interface Prefix {
  /** Before the first line written inside it (a list item's bullet). */
  first: string;
  /** Before every later line (the bullet's width in spaces, or a quote's "> "). */
  rest: string;
  used: boolean;
}

export class TextLayout {
  private readonly lines: string[] = [];
  private readonly prefixes: Prefix[] = [];
  /** Prefixes asked for past MAX_PREFIXES: counted, so that each pop matches its push, and not drawn. */
  private deeperPrefixes = 0;
  /** Characters written so far, line breaks included: the layout stops at `maxChars`. */
  private size = 0;
  private words: string[] = [];
  /** What goes before each word when it is not the first on its line: a space, or the gap between table cells. */
  private gaps: string[] = [];
  /** The gap owed before the next word; null joins it to the word before ("<b>order</b>s"). */
  private gap: string | null = null;
  /**
   * Set by `mark`: the next word joined to the one before is kept as a word of its own with an empty gap (no line
   * break between them), so a link's text is read from whole words rather than cut from the end of a long one.
   */
  private sealed = false;
  /** Line breaks owed before the next content (two make a blank line). */
  private breaks = 0;
  /** How many times inline text has been written out: a link's text may have left in a block of its own. */
  private flushes = 0;

  constructor(
    private readonly width: number,
    private readonly maxChars: number,
  ) {}

  /** Text as HTML shows it outside <pre>: each run of whitespace one space (a gap already owed is kept). */
  addText(text: string): void {
    // A scan rather than split(/[ \t\n\f\r]+/): no array per text, and text is most of what a body is.
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      if (!isHtmlWhitespace(text.charCodeAt(i))) continue;
      if (i > start) this.addWord(text.slice(start, i));
      if (this.gap === null) this.gap = ' ';
      start = i + 1;
    }
    if (start < text.length) this.addWord(text.slice(start));
  }

  /** Preformatted text: its spaces and line breaks kept, nothing wrapped. */
  addPreformatted(text: string): void {
    text.split('\n').forEach((line, index) => {
      if (index > 0) this.lineBreak();
      this.gap = null;
      if (line !== '') this.addWord(line);
    });
  }

  /** The next word follows `gap` (the space between table cells) rather than a plain space. */
  separate(gap: string): void {
    if (this.words.length > 0) this.gap = gap;
  }

  /** Where the inline text stands, to read back what was written since (a link's text). */
  mark(): TextMark {
    this.sealed = true;
    return { words: this.words.length, flushes: this.flushes };
  }

  /** The inline text written since `mark`, or null when part of it has already left in a block. */
  textSince(mark: TextMark): string | null {
    if (mark.flushes !== this.flushes) return null;
    let text = '';
    for (let i = mark.words; i < this.words.length; i++) text += `${i > mark.words ? this.gaps[i] : ''}${this.words[i]}`;
    return text;
  }

  /** A word after the inline text, a space apart (a link's address after its text); a space owed stays owed. */
  append(word: string): void {
    const owed = this.gap;
    this.gap = ' ';
    this.addWord(word);
    this.gap = owed;
  }

  lineBreak(): void {
    if (this.words.length > 0) {
      this.writeInline();
      this.breaks = 1;
    } else {
      this.breaks += 1;
    }
  }

  /** Ends the text before a block and asks for `breaks` line breaks between them (the larger ask wins). */
  block(breaks: number): void {
    this.writeInline();
    this.breaks = Math.max(this.breaks, breaks);
  }

  /** A line written as it is (a horizontal rule), as a block of its own. */
  addLine(line: string, breaks: number): void {
    this.block(breaks);
    this.addWord(line);
    this.block(breaks);
  }

  pushPrefix(first: string, rest: string): void {
    this.writeInline();
    if (this.prefixes.length < MAX_PREFIXES) this.prefixes.push({ first, rest, used: false });
    else this.deeperPrefixes += 1;
  }

  popPrefix(): void {
    this.writeInline();
    if (this.deeperPrefixes > 0) this.deeperPrefixes -= 1;
    else this.prefixes.pop();
  }

  toString(): string {
    this.writeInline();
    return this.lines.join('\n').slice(0, this.maxChars);
  }

  private addWord(word: string): void {
    if (this.words.length > 0 && this.gap === null && !this.sealed) {
      this.words[this.words.length - 1] += word;
    } else {
      this.words.push(word);
      this.gaps.push(this.words.length > 1 ? (this.gap ?? '') : '');
    }
    this.gap = null;
    this.sealed = false;
  }

  /** The words gathered so far, wrapped into lines under the current prefixes. */
  private writeInline(): void {
    this.gap = null;
    this.sealed = false;
    if (this.words.length === 0) return;
    this.flushes += 1;
    if (this.lines.length > 0 && this.breaks > 1) {
      // A quote's blank lines are quoted too, but not the one before its first line.
      const blank = this.prefixes
        .map((prefix) => (prefix.used ? prefix.rest : ''))
        .join('')
        .trimEnd();
      for (let i = 1; i < this.breaks && this.size <= this.maxChars; i++) this.writeLine(blank);
    }
    const width = Math.max(MIN_WIDTH, this.width - this.prefixWidth());
    let line = '';
    this.words.forEach((word, index) => {
      const gap = this.gaps[index] as string;
      // An empty gap joins two parts of one word: never a place to break.
      if (line === '') line = word;
      else if (gap === '' || line.length + gap.length + word.length <= width) line += gap + word;
      else {
        this.pushLine(line);
        line = word;
      }
    });
    this.pushLine(line);
    this.words = [];
    this.gaps = [];
    this.breaks = 0;
  }

  private prefixWidth(): number {
    return this.prefixes.reduce((sum, prefix) => sum + Math.max(prefix.first.length, prefix.rest.length), 0);
  }

  private pushLine(text: string): void {
    let prefix = '';
    for (const entry of this.prefixes) {
      prefix += entry.used ? entry.rest : entry.first;
      entry.used = true;
    }
    this.writeLine((prefix + text).trimEnd());
  }

  private writeLine(line: string): void {
    if (this.size > this.maxChars) return;
    this.lines.push(line);
    this.size += line.length + 1;
  }
}
