// Reads the DATA stream into memory up to the size limit. Past it, the rest is drained and dropped (never held), and
// the stream's `sizeExceeded` tells the caller to refuse the message.
import type { SMTPServerDataStream } from 'smtp-server';

export interface CollectedMessage {
  raw: Buffer;
  /** The message went over `maxBytes`; `raw` is then incomplete. */
  tooLarge: boolean;
  /** Bytes the client sent (all of them, kept or not). */
  bytes: number;
}

export function collectMessage(stream: SMTPServerDataStream, maxBytes: number): Promise<CollectedMessage> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let kept = 0;
    let tooLarge = false;
    stream.on('data', (chunk: Buffer) => {
      if (tooLarge || stream.sizeExceeded || kept + chunk.length > maxBytes) {
        tooLarge = true;
        chunks.length = 0;
        return;
      }
      chunks.push(chunk);
      kept += chunk.length;
    });
    stream.once('error', reject);
    stream.once('end', () => {
      tooLarge ||= stream.sizeExceeded;
      resolve({ raw: tooLarge ? Buffer.alloc(0) : Buffer.concat(chunks, kept), tooLarge, bytes: stream.byteLength });
    });
  });
}
