// POST /internal/tracking/opens: the open hits the gateway answered at the edge, relayed in batches. Each
// token is verified here exactly as on the public route; a forged one records nothing.
import { Envelope, ErrorBody, OpenHitsBody } from '@mailwright/contracts';
import { mailMetrics, type RoutesPlugin, requireService } from '@mailwright/kit';
import { Type } from '@sinclair/typebox';
import type { TrackingDeps } from '../tracking/deps';
import { recordOpen } from '../tracking/track-hit';

export const internalTrackingRoutes: RoutesPlugin<TrackingDeps> = async (app, { deps }) => {
  const { trackingEvents } = mailMetrics(app.metrics);
  app.post(
    '/internal/tracking/opens',
    {
      schema: {
        body: OpenHitsBody,
        response: { 200: Envelope(Type.Object({ recorded: Type.Integer() })), '4xx': ErrorBody, '5xx': ErrorBody },
      },
    },
    async (request) => {
      requireService(request);
      let recorded = 0;
      for (const hit of request.body.hits) {
        if (recordOpen(deps, hit.token, { ip: hit.ip, userAgent: hit.userAgent }, hit.at)) recorded += 1;
      }
      if (recorded > 0) trackingEvents.inc({ type: 'open' }, recorded);
      return { data: { recorded } };
    },
  );
};
