// Reads the DATA stream into memory up to the size limit. Past it, the rest is drained and dropped (never held), and
// the stream's `sizeExceeded` tells the caller to refuse the message. The whole transfer has a deadline: a client
// that trickles bytes is never idle long enough for the socket timeout, so past the deadline what was read is dropped
// and the promise rejects with the 451 to answer.
import type { SMTPServerDataStream } from 'smtp-server';
import { INTAKE_TEXTS } from '../domain/intake-texts';
import { SmtpReply } from '../domain/smtp-reply';

export interface CollectedMessage {
  raw: Buffer;
  /** The message went over `maxBytes`; `raw` is then incomplete. */
  tooLarge: boolean;
  /** Bytes the client sent (all of them, kept or not). */
  bytes: number;
}

export const transferTooLong = () => new SmtpReply(451, '4.4.2', INTAKE_TEXTS.transferTooLong, 'data_timeout');

export function collectMessage(stream: SMTPServerDataStream, maxBytes: number, deadlineMs: number): Promise<CollectedMessage> {
  return new Promise((resolve, reject) => {
    let chunks: Buffer[] = [];
    let kept = 0;
    let tooLarge = false;
    let over = false;
    const deadline = setTimeout(() => {
      over = true;
      chunks = [];
      reject(transferTooLong());
    }, deadlineMs);
    stream.on('data', (chunk: Buffer) => {
      if (over) return;
      if (tooLarge || stream.sizeExceeded || kept + chunk.length > maxBytes) {
        tooLarge = true;
        chunks.length = 0;
        return;
      }
      chunks.push(chunk);
      kept += chunk.length;
    });
    stream.once('error', (error) => {
      clearTimeout(deadline);
      reject(error);
    });
    stream.once('end', () => {
      clearTimeout(deadline);
      if (over) return;
      tooLarge ||= stream.sizeExceeded;
      resolve({ raw: tooLarge ? Buffer.alloc(0) : Buffer.concat(chunks, kept), tooLarge, bytes: stream.byteLength });
    });
  });
}
