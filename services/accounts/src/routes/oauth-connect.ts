// Browser navigations of the Gmail/Outlook connect flow. Public through the gateway: the start is authorised
// by the one-time ticket in its cookie, the callback by the signed state plus the browser cookie. Both answer 302.

import { OAuthEmailProvider } from '@mailwright/contracts';
import { type RoutesPlugin, readCookie } from '@mailwright/kit';
import { Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import type { AccountsDeps } from '../deps';
import { completeOAuthConnect } from '../domain/complete-oauth-connect';
import { bindingCookie, ticketCookie } from '../domain/connect-cookies';
import { type OAuthRedirect, startOAuthConnect } from '../domain/start-oauth-connect';

const Params = Type.Object({ provider: OAuthEmailProvider });
const QueryText = Type.Optional(Type.String({ maxLength: 4096 }));
const CallbackQuery = Type.Object({ code: QueryText, state: QueryText, error: QueryText, error_description: QueryText });

function redirect(reply: FastifyReply, target: OAuthRedirect) {
  reply.header('set-cookie', target.setCookies);
  return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(target.location, 302);
}

export const oauthConnectRoutes: RoutesPlugin<AccountsDeps> = async (app, { deps }) => {
  app.get('/email-accounts/:provider/connect', { schema: { params: Params } }, async (request, reply) => {
    const { provider } = request.params;
    const ticket = readCookie(request.headers.cookie, ticketCookie(provider).name);
    return redirect(reply, await startOAuthConnect(deps, provider, ticket));
  });

  app.get(
    '/email-accounts/:provider/callback',
    { schema: { params: Params, querystring: CallbackQuery } },
    async (request, reply) => {
      const { provider } = request.params;
      const { code, state, error } = request.query;
      const bindingNonce = readCookie(request.headers.cookie, bindingCookie(provider).name);
      return redirect(
        reply,
        await completeOAuthConnect(deps, provider, { code, state, error, bindingNonce }, request.log, request.id),
      );
    },
  );
};
