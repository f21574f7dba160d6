// An address quoted back in a reply: at most 100 characters, control characters shown as `?` (a reply line must not
// carry what the client sent to break it).
const CONTROL = /\p{Cc}/gu;

export const printable = (text: string): string => text.slice(0, 100).replace(CONTROL, '?');
