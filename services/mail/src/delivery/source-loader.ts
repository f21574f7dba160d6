// Submitted messages (SMTP intake) for claimed emails, loaded in batches like attachments.
import { MicroBatcher } from '@mailwright/kit';
import type pg from 'pg';
import { sourcesOf } from '../db/queries/email-sources';

export class SourceLoader {
  private readonly batcher: MicroBatcher<string, Buffer | null>;

  constructor(pool: pg.Pool) {
    this.batcher = new MicroBatcher(
      async (emailIds) => {
        const rows = await sourcesOf(pool, [...new Set(emailIds)]);
        const byEmail = new Map(rows.map((row) => [row.emailId, row.content]));
        return emailIds.map((id) => byEmail.get(id) ?? null);
      },
      { maxBatch: 50, maxInFlight: 3 },
    );
  }

  /** The message as submitted; throws when it is gone (the email cannot be sent as written). */
  async load(emailId: string): Promise<Buffer> {
    const source = await this.batcher.push(emailId);
    if (!source) throw new Error(`the submitted message of email ${emailId} is missing`);
    return source;
  }

  drain(): Promise<void> {
    return this.batcher.drain();
  }
}
