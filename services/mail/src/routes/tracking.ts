// Public tracking (the gateway maps /t/* here): the open pixel and click redirects.

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorBody, MAIL_MESSAGES } from '@mailwright/contracts';
import { AppError, mailMetrics } from '@mailwright/kit';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type HitMeta, recordOpen, resolveClick } from '../domain/track-hit';

/** The smallest transparent GIF (43 bytes). */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const TokenParams = Type.Object({ token: Type.String({ maxLength: 200 }) });

function metaOf(request: FastifyRequest): HitMeta {
  const forwarded = request.headers['x-forwarded-for'];
  const first = typeof forwarded === 'string' ? forwarded.split(',')[0]?.trim() : undefined;
  const userAgent = request.headers['user-agent'];
  return { ip: (first || request.ip || null)?.slice(0, 100) ?? null, userAgent: userAgent ? userAgent.slice(0, 500) : null };
}

export function trackingRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  const { trackingEvents } = mailMetrics(app.metrics);

  typed.get('/t/o/:token', { schema: { params: TokenParams } }, (request, reply) => {
    if (recordOpen(app.mail, request.params.token.replace(/\.gif$/i, ''), metaOf(request))) trackingEvents.inc({ type: 'open' });
    return reply
      .header('content-type', 'image/gif')
      .header('cache-control', 'no-store, no-cache, must-revalidate, private')
      .header('pragma', 'no-cache')
      .header('expires', '0')
      .send(PIXEL);
  });

  typed.get(
    '/t/c/:token',
    { schema: { params: TokenParams, response: { '4xx': ErrorBody, '5xx': ErrorBody } } },
    async (request, reply) => {
      const url = await resolveClick(app.mail, request.params.token, metaOf(request));
      if (!url) throw new AppError('NOT_FOUND', MAIL_MESSAGES.linkNotFound);
      trackingEvents.inc({ type: 'click' });
      return reply.header('cache-control', 'no-store').redirect(url, 302);
    },
  );
}
