// HTML's whitespace (tab, line feed, form feed, carriage return, space): what separates tag names, attributes
// and values. Not `\s`, which also takes no-break and other Unicode spaces that HTML reads as text.
export const isHtmlWhitespace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d;
