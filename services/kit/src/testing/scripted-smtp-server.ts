// A minimal SMTP server for the SMTP client's tests, answering what the test scripts.
import net, { type AddressInfo } from 'node:net';

/**
 * A scripted SMTP server: records each chunk it reads (so a test sees what left in one write) and answers each
 * command with `answer` (null: 250, or 354 to DATA). A body ends at its "." line, answered as `answer('.')` says
 * (null: 250), and commands that follow it in the same chunk are answered in turn, as RFC 2920 allows. An answer of
 * "" holds the reply, and every reply after it, until the test calls `release` with the reply to give.
 */
export async function scriptedSmtpServer(extensions: string[], answer: (line: string) => string | null) {
  const chunks: string[] = [];
  const sockets: net.Socket[] = [];
  /** Replies waiting behind a held one, per connection; null when nothing is held. */
  let held: { socket: net.Socket; after: string[] } | null = null;
  const release = (text: string) => {
    const { socket, after } = held ?? { socket: undefined, after: [] };
    held = null;
    socket?.write([text, ...after].map((line) => `${line}\r\n`).join(''));
  };
  const server = net.createServer((socket) => {
    sockets.push(socket);
    let inData = false;
    const reply = (text: string) => {
      if (held) held.after.push(text);
      else if (text === '') held = { socket, after: [] };
      else socket.write(`${text}\r\n`);
    };
    socket.write('220 scripted ESMTP\r\n');
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk.toString());
      for (const line of chunk.toString().split('\r\n').slice(0, -1)) {
        if (inData) {
          if (line === '.') {
            inData = false;
            reply(answer(line) ?? '250 queued');
          }
          continue;
        }
        if (line.startsWith('EHLO'))
          socket.write(
            ['250-scripted', ...extensions]
              .map((e, i, all) => (i === all.length - 1 ? e.replace('-', ' ') : e))
              .join('\r\n')
              .concat('\r\n'),
          );
        else if (line === 'DATA') {
          const text = answer(line) ?? '354 go ahead';
          inData = text.startsWith('354');
          reply(text);
        } else reply(answer(line) ?? '250 ok');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const stop = () => {
    for (const socket of sockets) socket.destroy();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { port, chunks, sockets, stop, release };
}
