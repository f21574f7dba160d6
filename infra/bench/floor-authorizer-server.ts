// The Node side of `npm run bench:floors`' nginx with auth_request: a node:http server that answers every check
// with 204 and the caller's identity headers, as a Node gateway would after checking a credential. nginx caches the
// answer per credential for a few seconds, so the floors show what proxying costs when Node decides once per
// credential instead of once per request. Prints `listening <url>` when ready.
import http from 'node:http';
import { announceListening } from './announce-listening';

const server = http.createServer((_request, response) => {
  response.writeHead(204, { 'x-user-id': '00000000-0000-7000-8000-000000000001', 'x-plan': 'pro' }).end();
});
announceListening(server);
