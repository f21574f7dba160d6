import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { TarpitSmtp } from './tarpit-smtp';

let tarpit: TarpitSmtp | undefined;

afterEach(async () => {
  await tarpit?.stop();
});

describe('TarpitSmtp', () => {
  it('accepts a connection and trickles its greeting one byte at a time', async () => {
    tarpit = new TarpitSmtp(20);
    await tarpit.start();
    const socket = connect(tarpit.port, '127.0.0.1');
    const received = await new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        if (text.length >= 4) resolve(text);
      });
    });
    expect(received.startsWith('220 ')).toBe(true);
    expect(tarpit.connections).toBe(1);
    expect(tarpit.openConnections).toBe(1);
    socket.destroy();
  });
});
