// GET /t/o/:token answered at the edge: the pixel goes back at once and the hit is relayed to the mail service
// in a batch (OpenHitRelay). Under load this is what keeps opens cheap: no proxied request per hit.
// Click redirects (/t/c/*) still go to the mail service, which looks up the stored URL.
import { hitMeta, OPEN_PIXEL_GIF_BASE64, OPEN_PIXEL_HEADERS, openPixelToken, TrackingTokenParams } from '@mailwright/contracts';
import type { RoutesPlugin } from '@mailwright/kit';
import type { GatewayDeps } from '../deps';

const PIXEL = Buffer.from(OPEN_PIXEL_GIF_BASE64, 'base64');

export const openPixelRoutes: RoutesPlugin<Pick<GatewayDeps, 'openHits'>> = async (app, { deps }) => {
  app.get('/t/o/:token', { schema: { params: TrackingTokenParams } }, (request, reply) => {
    const token = openPixelToken(request.params.token);
    if (token.length > 0) {
      deps.openHits.push({ token, ...hitMeta(request.ip, request.headers['user-agent']), at: new Date().toISOString() });
    }
    return reply.headers(OPEN_PIXEL_HEADERS).send(PIXEL);
  });
};
