// The floor the gateway is compared with in `bench:gateway -- --alone --bare`: a bare Node proxy (node:http server,
// undici pool to the upstream, the body streamed through, no checks at all) in front of the given URL; prints
// `listening <url>` when ready. What two HTTP exchanges per request cost in Node on this machine.
import http from 'node:http';
import { Pool } from 'undici';
import { announceListening } from './announce-listening';

const upstream = process.argv[2];
if (!upstream) throw new Error('usage: bare-proxy-server.ts <upstream url>');
const pool = new Pool(upstream, { connections: 64, pipelining: 1 });
const server = http.createServer((request, response) => {
  const headers = { ...request.headers };
  delete headers.connection;
  delete headers.host;
  pool
    .request({ method: request.method as 'POST', path: request.url ?? '/', headers, body: request })
    .then(async (answer) => {
      response.writeHead(answer.statusCode, answer.headers as http.OutgoingHttpHeaders);
      for await (const chunk of answer.body) response.write(chunk);
      response.end();
    })
    .catch(() => {
      response.writeHead(502).end();
    });
});
announceListening(server, () => pool.close());
