// The end of the bench's small helper servers (the floors', the bare proxy): listen on a free loopback port, print
// `listening <url>` for startListening (server-process.ts), and on SIGTERM close (and run `onStop`) before exiting.
import http from 'node:http';
import type net from 'node:net';

export function announceListening(server: net.Server, onStop: () => Promise<unknown> = async () => {}): void {
  if (server instanceof http.Server) server.keepAliveTimeout = 30_000;
  server.listen(0, '127.0.0.1', () => {
    process.stdout.write(`listening http://127.0.0.1:${(server.address() as net.AddressInfo).port}\n`);
  });
  process.once('SIGTERM', () => {
    server.close();
    if (server instanceof http.Server) server.closeAllConnections();
    void onStop().finally(() => process.exit(0));
  });
}
