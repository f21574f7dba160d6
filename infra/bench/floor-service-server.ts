// The floor of one HTTP exchange in Node, for `npm run bench:floors`: a node:http server that reads a JSON body,
// parses it and answers 201 with a small JSON document, and nothing else (no framework, no validation, no
// database). What any Node service pays to receive one request and answer it on this machine. Prints
// `listening <url>` when ready.
import http from 'node:http';
import { announceListening } from './announce-listening';

const server = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    let to: unknown = null;
    try {
      to = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { to?: unknown }).to ?? null;
    } catch {
      response.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"invalid JSON"}');
      return;
    }
    const body = JSON.stringify({ data: { id: '00000000-0000-7000-8000-000000000000', to, status: 'queued' } });
    response.writeHead(201, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
  });
});
announceListening(server);
