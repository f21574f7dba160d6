// Public tracking: click redirects (the gateway maps /t/c/* here) and the open pixel. The gateway answers the
// pixel itself and relays the hits in batches (internal-tracking.ts); this route serves it when reached directly.

import {
  ErrorBody,
  hitMeta,
  MAIL_MESSAGES,
  OPEN_PIXEL_GIF_BASE64,
  OPEN_PIXEL_HEADERS,
  openPixelToken,
  TrackingTokenParams,
} from '@mailwright/contracts';
import { AppError, mailMetrics, type RoutesPlugin } from '@mailwright/kit';
import type { FastifyRequest } from 'fastify';
import type { TrackingDeps } from '../tracking/deps';
import { type HitMeta, recordOpen, resolveClick } from '../tracking/track-hit';

const PIXEL = Buffer.from(OPEN_PIXEL_GIF_BASE64, 'base64');

function metaOf(request: FastifyRequest): HitMeta {
  const forwarded = request.headers['x-forwarded-for'];
  const first = typeof forwarded === 'string' ? forwarded.split(',')[0]?.trim() : undefined;
  return hitMeta(first || request.ip, request.headers['user-agent']);
}

export const trackingRoutes: RoutesPlugin<TrackingDeps> = async (app, { deps }) => {
  const { trackingEvents } = mailMetrics(app.metrics);

  app.get('/t/o/:token', { schema: { params: TrackingTokenParams } }, (request, reply) => {
    if (recordOpen(deps, openPixelToken(request.params.token), metaOf(request))) trackingEvents.inc({ type: 'open' });
    return reply.headers(OPEN_PIXEL_HEADERS).send(PIXEL);
  });

  app.get(
    '/t/c/:token',
    { schema: { params: TrackingTokenParams, response: { '4xx': ErrorBody, '5xx': ErrorBody } } },
    async (request, reply) => {
      const url = await resolveClick(deps, request.params.token, metaOf(request));
      if (!url) throw new AppError('NOT_FOUND', MAIL_MESSAGES.linkNotFound);
      trackingEvents.inc({ type: 'click' });
      return reply.header('cache-control', 'no-store').redirect(url, 302);
    },
  );
};
