// Public one-click unsubscribe (RFC 8058; the gateway maps /u/* here without a login). Mail clients POST
// `List-Unsubscribe=One-Click` (form-encoded or multipart); a person's browser GETs the page and posts its form.
import type { RoutesPlugin } from '@mailwright/kit';
import { Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import { type UnsubscribeDeps, unsubscribe, unsubscribeSubject } from '../suppressions/unsubscribe';
import { confirmPage, donePage, invalidPage } from '../suppressions/unsubscribe-page';

const params = Type.Object({ token: Type.String({ maxLength: 128 }) });

const html = (reply: FastifyReply, status: number, body: string) =>
  reply.status(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(body);

export const unsubscribeRoutes: RoutesPlugin<UnsubscribeDeps> = async (app, { deps }) => {
  // Whatever the client posts (its body says only "One-Click"), the token in the URL decides; the gateway caps it.
  app.addContentTypeParser('*', (_request, payload, done) => {
    payload.resume();
    payload.on('end', () => done(null, undefined));
    payload.on('error', done);
  });

  app.get('/u/:token', { schema: { params } }, async (request, reply) => {
    const subject = await unsubscribeSubject(deps, request.params.token);
    return subject ? html(reply, 200, confirmPage(subject.recipient, subject.sender)) : html(reply, 404, invalidPage());
  });

  app.post('/u/:token', { schema: { params } }, async (request, reply) => {
    const subject = await unsubscribe(deps, request.params.token, 'one-click');
    return subject ? html(reply, 200, donePage(subject.recipient, subject.sender)) : html(reply, 404, invalidPage());
  });
};
