import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { readHtmlBody } from './html-body';
import { HtmlBodyThread, HtmlBodyThreadUnavailable, type ThreadLog } from './html-body-thread-client';

const logged: string[] = [];
const log: ThreadLog = {
  warn: (_, message) => logged.push(message),
  error: (_, message) => logged.push(message),
};
const threads: HtmlBodyThread[] = [];
const thread = (start?: () => Worker) => {
  const made = new HtmlBodyThread(log, start);
  threads.push(made);
  return made;
};
afterEach(async () => {
  logged.length = 0;
  await Promise.all(threads.splice(0).map((each) => each.close()));
});

// Dense markup, the costliest to read: a link and a paragraph every 52 characters.
const dense = '<p><a href="https://example.com/x">link</a> word</p>\n'.repeat(40_000);

describe('HtmlBodyThread', () => {
  it('reads a body as the event loop would, while the event loop goes on turning', async () => {
    const reader = thread();
    // The first reading also starts the thread; the second shows the reading alone.
    await reader.read('<p>warm</p>', null);
    let turns = 0;
    let reading = true;
    const count = () => {
      turns++;
      if (reading) setImmediate(count);
    };
    setImmediate(count);
    const answer = await reader.read(dense, null);
    reading = false;
    expect(answer).toEqual(readHtmlBody(dense, null));
    expect(answer.links.length).toBeGreaterThan(0);
    // Read on the event loop, the reading would have been one turn.
    expect(turns).toBeGreaterThan(10);
    expect(await reader.read(dense, 'Given text')).toEqual({ links: answer.links, text: 'Given text' });
  });

  it('answers that it cannot run where its thread fails to load, and does not try again', async () => {
    let starts = 0;
    const reader = thread(() => {
      starts++;
      return new Worker(new URL('./no-such-thread.mjs', import.meta.url));
    });
    await expect(reader.read(dense, null)).rejects.toBeInstanceOf(HtmlBodyThreadUnavailable);
    await expect(reader.read(dense, null)).rejects.toBeInstanceOf(HtmlBodyThreadUnavailable);
    expect(starts).toBe(1);
    expect(logged).toEqual(['the HTML body thread could not start: large bodies are read on the event loop']);
  });

  it('fails the readings of a thread that crashes, and starts a new one for the next body', async () => {
    let starts = 0;
    const crashing = `const { parentPort } = require('node:worker_threads');
      parentPort.postMessage({ ready: true });
      parentPort.on('message', () => process.exit(3));`;
    const reader = thread(() => {
      starts++;
      return new Worker(crashing, { eval: true });
    });
    await expect(reader.read(dense, null)).rejects.toThrow('the HTML body thread exited (code 3)');
    await expect(reader.read(dense, null)).rejects.toThrow('the HTML body thread exited (code 3)');
    expect(starts).toBe(2);
    expect(logged).toEqual(['the HTML body thread failed', 'the HTML body thread failed']);
  });
});
