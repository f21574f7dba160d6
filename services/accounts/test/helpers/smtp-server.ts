// A real SMTP server (smtp-server) with AUTH PLAIN/LOGIN over plain TCP, on a random port.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface TestSmtpServer {
  host: string;
  port: number;
  /** Usernames that authenticated, in order. */
  logins: string[];
  /** Every AUTH attempt, right or wrong, with the password the client sent. */
  attempts: Array<{ username: string; password: string }>;
  close(): Promise<void>;
}

export async function startSmtpServer(users: Record<string, string>): Promise<TestSmtpServer> {
  const logins: string[] = [];
  const attempts: Array<{ username: string; password: string }> = [];
  const server = new SMTPServer({
    authMethods: ['PLAIN', 'LOGIN'],
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      attempts.push({ username: auth.username ?? '', password: auth.password ?? '' });
      if (auth.username && users[auth.username] === auth.password) {
        logins.push(auth.username);
        return callback(null, { user: auth.username });
      }
      return callback(new Error('Authentication failed'));
    },
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => callback());
    },
  });
  server.on('error', () => {}); // a client's reset socket is re-emitted here; it must not crash the test process
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    host: '127.0.0.1',
    port,
    logins,
    attempts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
