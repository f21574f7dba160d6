// Content-Transfer-Encoding and charset decoding of one part's body. Bodies are carried as latin1 strings (one
// char per byte, lossless) until a text part is turned into readable text here.

export function decodeTransfer(body: string, encoding: string): Buffer {
  const name = encoding.trim().toLowerCase();
  if (name === 'base64') return Buffer.from(body, 'base64');
  if (name === 'quoted-printable') return decodeQuotedPrintable(body);
  return Buffer.from(body, 'latin1');
}

function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 65 && code <= 70) return code - 55;
  if (code >= 97 && code <= 102) return code - 87;
  return -1;
}

function decodeQuotedPrintable(body: string): Buffer {
  const bytes = Buffer.alloc(body.length);
  let length = 0;
  for (let index = 0; index < body.length; index++) {
    const code = body.charCodeAt(index);
    if (code !== 61) {
      bytes[length++] = code & 0xff;
      continue;
    }
    const next = body.charCodeAt(index + 1);
    if (next === 13 || next === 10) {
      index += next === 13 && body.charCodeAt(index + 2) === 10 ? 2 : 1;
      continue;
    }
    const high = hexValue(next);
    const low = hexValue(body.charCodeAt(index + 2));
    if (high >= 0 && low >= 0) {
      bytes[length++] = high * 16 + low;
      index += 2;
    } else {
      bytes[length++] = 61;
    }
  }
  return bytes.subarray(0, length);
}

/** The bytes as text in `charset`; an unknown charset reads as UTF-8 with replacement characters. */
export function decodeCharset(bytes: Buffer, charset: string | undefined): string {
  const label = (charset ?? 'utf-8').trim().toLowerCase() || 'utf-8';
  try {
    return new TextDecoder(label).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}
