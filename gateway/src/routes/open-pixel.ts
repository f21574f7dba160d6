// GET /t/o/:token answered at the edge: the pixel goes back at once and the hit is relayed to the mail service
// in a batch (OpenHitRelay). Under load this is what keeps opens cheap: no proxied request per hit.
// Click redirects (/t/c/*) still go to the mail service, which looks up the stored URL.
import { hitMeta, OPEN_PIXEL_GIF_BASE64, OPEN_PIXEL_HEADERS, TRACKING_TOKEN_MAX_CHARS } from '@mailwright/contracts';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { OpenHitRelay } from '../tracking/open-hit-relay';

const PIXEL = Buffer.from(OPEN_PIXEL_GIF_BASE64, 'base64');
const TokenParams = Type.Object({ token: Type.String({ maxLength: TRACKING_TOKEN_MAX_CHARS }) });

export function registerOpenPixel(app: FastifyInstance, relay: OpenHitRelay): void {
  app.get<{ Params: { token: string } }>('/t/o/:token', { schema: { params: TokenParams } }, (request, reply) => {
    const token = request.params.token.replace(/\.gif$/i, '');
    if (token.length > 0) {
      relay.push({ token, ...hitMeta(request.ip, request.headers['user-agent']), at: new Date().toISOString() });
    }
    return reply.headers(OPEN_PIXEL_HEADERS).send(PIXEL);
  });
}
