// Attachment bytes for claimed emails, loaded in batches (one query for many concurrent sends).
import { MicroBatcher } from '@mailwright/kit';
import type pg from 'pg';
import { attachmentsOf } from '../db/queries/attachments';

export interface LoadedAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export class AttachmentLoader {
  private readonly batcher: MicroBatcher<string, LoadedAttachment[]>;

  constructor(pool: pg.Pool) {
    this.batcher = new MicroBatcher(
      async (emailIds) => {
        const rows = await attachmentsOf(pool, [...new Set(emailIds)]);
        const byEmail = new Map<string, LoadedAttachment[]>();
        for (const row of rows) {
          const list = byEmail.get(row.emailId) ?? [];
          list.push({ filename: row.filename, contentType: row.contentType, content: row.content });
          byEmail.set(row.emailId, list);
        }
        return emailIds.map((id) => byEmail.get(id) ?? []);
      },
      { maxBatch: 200, maxInFlight: 3 },
    );
  }

  load(emailId: string): Promise<LoadedAttachment[]> {
    return this.batcher.push(emailId);
  }

  drain(): Promise<void> {
    return this.batcher.drain();
  }
}
