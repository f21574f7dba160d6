// The part of the bare proxy's floor that is not HTTP, for `npm run bench:floors`: a net server that relays bytes
// between each client connection and a connection of its own to the given upstream, without reading them. It makes
// the same reads, writes and wake-ups per request as the bare proxy (bare-proxy-server.ts) and runs none of
// node:http's or undici's JavaScript, so the bare proxy's cost above it is what parsing and answering HTTP costs in
// Node on this machine. Prints `listening <url>` when ready.
import net from 'node:net';
import { announceListening } from './announce-listening';

const upstream = new URL(process.argv[2] ?? '');
if (!upstream.port) throw new Error('usage: byte-relay-server.ts <upstream url with a port>');

const server = net.createServer((client) => {
  const service = net.connect(Number(upstream.port), upstream.hostname);
  client.setNoDelay(true);
  service.setNoDelay(true);
  client.on('data', (chunk) => service.write(chunk));
  service.on('data', (chunk) => client.write(chunk));
  client.on('close', () => service.destroy());
  service.on('close', () => client.destroy());
  client.on('error', () => service.destroy());
  service.on('error', () => client.destroy());
});
announceListening(server);
