import { describe, expect, it } from 'vitest';
import { type HtmlBodyReading, readHtmlBody } from './html-body';
import { HtmlBodyThreadUnavailable } from './html-body-thread-client';
import { type HtmlBodyReader, LARGE_BODY_CHARS, LargeBodyReads } from './large-body-reads';

const large = (name: string) => `<p>${name}</p>`.padEnd(LARGE_BODY_CHARS, ' ');
const nameOf = (html: string) => /<p>(\w+)<\/p>/.exec(html)?.[1] ?? '';
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** A thread whose readings end when the test says, recording their order and how many ran at once. */
class HeldThread implements HtmlBodyReader {
  readonly started: string[] = [];
  most = 0;
  private readonly running = new Map<string, { resolve: (reading: HtmlBodyReading) => void; reject: (error: Error) => void }>();

  read(html: string): Promise<HtmlBodyReading> {
    const name = nameOf(html);
    this.started.push(name);
    return new Promise((resolve, reject) => {
      this.running.set(name, { resolve, reject });
      this.most = Math.max(this.most, this.running.size);
    });
  }

  async finish(name: string, error?: Error): Promise<void> {
    for (let turn = 0; turn < 5 && !this.running.has(name); turn++) await nextTurn();
    const reading = this.running.get(name);
    if (!reading) throw new Error(`${name} is not being read (started: ${this.started.join(', ')})`);
    this.running.delete(name);
    if (error) reading.reject(error);
    else reading.resolve({ links: [], text: name });
  }
}

describe('LargeBodyReads', () => {
  it('reads a small body at once, on the event loop', async () => {
    const thread = new HeldThread();
    const html = '<p>Hi <a href="https://example.com/a">there</a></p>';
    expect(await new LargeBodyReads(thread).read('a', html, null)).toEqual(readHtmlBody(html, null));
    expect(thread.started).toEqual([]);
  });

  it('reads large bodies on the thread one at a time, tenants taking turns, and passes a reading’s error to its caller', async () => {
    const thread = new HeldThread();
    const reads = new LargeBodyReads(thread);
    const read = (userId: string, name: string) => reads.read(userId, large(name), null);
    const results = Promise.allSettled([read('a', 'a1'), read('a', 'a2'), read('a', 'a3'), read('b', 'b1'), read('b', 'b2')]);
    for (const name of ['a1', 'b1']) await thread.finish(name);
    await thread.finish('a2', new Error('unreadable'));
    for (const name of ['b2', 'a3']) await thread.finish(name);
    const settled = await results;
    expect(thread.started).toEqual(['a1', 'b1', 'a2', 'b2', 'a3']);
    expect(thread.most).toBe(1);
    expect(
      settled.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value.text : (outcome.reason as Error).message)),
    ).toEqual(['a1', 'unreadable', 'a3', 'b1', 'b2']);
  });

  it('reads on the event loop, one body per turn, where the thread cannot start', async () => {
    const unavailable: HtmlBodyReader = { read: () => Promise.reject(new HtmlBodyThreadUnavailable('no thread here')) };
    const reads = new LargeBodyReads(unavailable);
    const events: string[] = [];
    const read = (userId: string, name: string) =>
      reads.read(userId, large(name), null).then((reading) => {
        events.push(name);
        // Whatever becomes ready after a reading runs before the next reading.
        setImmediate(() => events.push(`after ${name}`));
        return reading;
      });
    const readings = await Promise.all([read('a', 'a1'), read('a', 'a2'), read('b', 'b1')]);
    await nextTurn();
    expect(events).toEqual(['a1', 'after a1', 'b1', 'after b1', 'a2', 'after a2']);
    expect(readings[0]).toEqual(readHtmlBody(large('a1'), null));
  });
});
