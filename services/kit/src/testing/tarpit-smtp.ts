// A test SMTP server that accepts every connection and then answers one byte per second (a tarpit): a client waiting
// for its greeting holds the connection for as long as it is willing to wait, and the socket never goes idle long
// enough for a socket timeout. Used by the mail tests and the attack suite (infra/faults/attacks).
import { createServer, type Server, type Socket } from 'node:net';

const GREETING = '220 tarpit.test ESMTP slow\r\n';

export class TarpitSmtp {
  /** Connections accepted so far. */
  connections = 0;
  port = 0;
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();

  constructor(private readonly byteIntervalMs = 1_000) {}

  async start(host = '127.0.0.1'): Promise<void> {
    const server = createServer((socket) => this.trickle(socket));
    await new Promise<void>((resolve) => server.listen(0, host, resolve));
    const address = server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
    this.server = server;
  }

  /** Connections still open (a client that gave up has closed its side). */
  get openConnections(): number {
    return this.sockets.size;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private trickle(socket: Socket): void {
    this.connections += 1;
    this.sockets.add(socket);
    let sent = 0;
    const timer = setInterval(() => {
      socket.write(GREETING.charAt(sent % GREETING.length));
      sent += 1;
    }, this.byteIntervalMs);
    socket.on('data', () => {}); // whatever the client says is never answered
    // A client giving up resets the socket; that ends the tarpit's interest in it, nothing more.
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      clearInterval(timer);
      this.sockets.delete(socket);
    });
  }
}
