import { MAIL_MESSAGES } from '@mailwright/contracts';
import { describe, expect, it } from 'vitest';
import { BatchContent } from './batch-content';

const refusal = { code: 'PAYLOAD_TOO_LARGE', message: MAIL_MESSAGES.batchContentTooLarge };

/** Takes `chars` for email `index` and settles it, as batchSend does; 'taken' or the refusal's code. */
async function takeAndSettle(content: BatchContent, index: number, chars: number): Promise<string> {
  try {
    await content.of(index).take(chars);
    return 'taken';
  } catch (error) {
    return (error as { code: string }).code;
  } finally {
    content.settle(index);
  }
}

describe('BatchContent', () => {
  it('counts in the batch’s order whatever order the emails come in, and refuses from the first past the limit on', async () => {
    const content = new BatchContent(4, 100);
    // The last email asks first: it waits for the three before it.
    const outcomes = [takeAndSettle(content, 3, 1)];
    outcomes.unshift(takeAndSettle(content, 2, 30));
    outcomes.unshift(takeAndSettle(content, 1, 50), takeAndSettle(content, 0, 40));
    // 40 + 50 fit; 30 more would pass 100, and the 1 after it is refused too although it would fit.
    expect(await Promise.all(outcomes)).toEqual(['taken', 'taken', 'PAYLOAD_TOO_LARGE', 'PAYLOAD_TOO_LARGE']);
  });

  it('lets an email that failed for its own reasons pass its turn without counting', async () => {
    const content = new BatchContent(3, 100);
    const later = takeAndSettle(content, 2, 60);
    const first = takeAndSettle(content, 0, 40);
    content.settle(1);
    expect([await first, await later]).toEqual(['taken', 'taken']);
  });

  it('runs no render once the content is spent before the email, and renders at most 8 ahead of the count', async () => {
    const content = new BatchContent(12, 10);
    const rendered: number[] = [];
    const renders = Array.from({ length: 12 }, (_, index) =>
      content
        .of(index)
        .render(async () => rendered.push(index))
        .catch((error: { code: string; message: string }) => ({ code: error.code, message: error.message })),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(rendered).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(await takeAndSettle(content, 0, 20)).toBe('PAYLOAD_TOO_LARGE');
    for (let index = 1; index < 12; index++) content.settle(index);
    const late = await Promise.all(renders.slice(9));
    expect(late).toEqual([refusal, refusal, refusal]);
    expect(rendered).toHaveLength(9);
  });
});
