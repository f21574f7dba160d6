// Free loopback ports for the stack's processes and the suites' own servers.
import { createServer } from 'node:net';

// Ports for stack processes come from below the kernel's ephemeral range (32768+ on Linux), so an
// outgoing connection cannot take a port between our check and the process binding it, and are never
// handed out twice by this process (two of our own processes racing for one port looked healthy).
const PORT_RANGE = { from: 20_000, to: 32_000 };
const handedOut = new Set<number>();

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = PORT_RANGE.from + Math.floor(Math.random() * (PORT_RANGE.to - PORT_RANGE.from));
    if (handedOut.has(port) || !(await canListen(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`no free port between ${PORT_RANGE.from} and ${PORT_RANGE.to}`);
}
