import { describe, expect, it } from 'vitest';
import { batchedLogDestination } from './log-destination';

describe('batched log destination', () => {
  it('writes lines in order, a batch at a time, and what is pending when closed', () => {
    const writes: string[] = [];
    const destination = batchedLogDestination((text) => writes.push(text));
    destination.write('one\n');
    destination.write('two\n');
    expect(writes).toEqual([]);
    destination.close();
    expect(writes).toEqual(['one\ntwo\n']);
  });

  it('writes at once when a batch reaches 16 KB, and after 50 ms otherwise', async () => {
    const writes: string[] = [];
    const destination = batchedLogDestination((text) => writes.push(text));
    const line = `${'x'.repeat(1023)}\n`;
    for (let i = 0; i < 16; i++) destination.write(line);
    expect(writes).toEqual([line.repeat(16)]);
    destination.write('late\n');
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(writes).toEqual([line.repeat(16), 'late\n']);
    destination.close();
  });
});
