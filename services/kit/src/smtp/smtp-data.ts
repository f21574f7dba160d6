// The bytes of SMTP's DATA phase (RFC 5321 §4.5.2): every line ends in CRLF, a line that starts with "." gets a
// second one, and "<CRLF>.<CRLF>" ends the message. What the message builders make is already CRLF and rarely starts
// a line with a dot, so the common case sends the message as it is, with the terminator beside it and no copy.
const LF = 0x0a;
const CR = 0x0d;
const DOT = 0x2e;

const TERMINATOR = Buffer.from('.\r\n');
const LINE_AND_TERMINATOR = Buffer.from('\r\n.\r\n');

/** The chunks to write after the server's 354: the message, stuffed where needed, then the terminator. */
export function dataChunks(message: Buffer): [Buffer, Buffer] {
  const body = needsRewrite(message) ? rewrite(message) : message;
  const endsWithLine = body.length === 0 || (body[body.length - 2] === CR && body[body.length - 1] === LF);
  return [body, endsWithLine ? TERMINATOR : LINE_AND_TERMINATOR];
}

function needsRewrite(message: Buffer): boolean {
  if (message[0] === DOT) return true;
  for (let at = message.indexOf(LF); at !== -1; at = message.indexOf(LF, at + 1)) {
    if (at === 0 || message[at - 1] !== CR || message[at + 1] === DOT) return true;
  }
  return false;
}

/** Bare LFs become CRLF and a dot that starts a line is doubled. */
function rewrite(message: Buffer): Buffer {
  const out = Buffer.allocUnsafe(message.length * 2 + 1);
  let length = 0;
  let lineStart = true;
  for (let at = 0; at < message.length; at++) {
    const byte = message[at] as number;
    if (lineStart && byte === DOT) out[length++] = DOT;
    if (byte === LF && message[at - 1] !== CR) out[length++] = CR;
    out[length++] = byte;
    lineStart = byte === LF;
  }
  return out.subarray(0, length);
}
