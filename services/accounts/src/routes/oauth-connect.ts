// Browser navigations of the Gmail/Outlook connect flow. Public through the gateway: the start is authorised
// by the one-time ticket in its cookie, the callback by the signed state plus the browser cookie. Both answer 302.

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { OAuthEmailProvider } from '@mailwright/contracts';
import { readCookie } from '@mailwright/kit';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { completeOAuthConnect } from '../domain/complete-oauth-connect';
import { bindingCookie, ticketCookie } from '../domain/connect-cookies';
import type { AccountsDeps } from '../domain/deps';
import { type OAuthRedirect, startOAuthConnect } from '../domain/start-oauth-connect';

const Params = Type.Object({ provider: OAuthEmailProvider });
const QueryText = Type.Optional(Type.String({ maxLength: 4096 }));

function redirect(reply: FastifyReply, target: OAuthRedirect) {
  reply.header('set-cookie', target.setCookies);
  return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(target.location, 302);
}

export async function oauthConnectRoutes(app: FastifyInstance, deps: AccountsDeps): Promise<void> {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  routes.get('/email-accounts/:provider/connect', { schema: { params: Params } }, async (request, reply) => {
    const { provider } = request.params as { provider: OAuthEmailProvider };
    const ticket = readCookie(request.headers.cookie, ticketCookie(provider).name);
    return redirect(reply, await startOAuthConnect(deps, provider, ticket));
  });

  routes.get(
    '/email-accounts/:provider/callback',
    {
      schema: {
        params: Params,
        querystring: Type.Object({ code: QueryText, state: QueryText, error: QueryText, error_description: QueryText }),
      },
    },
    async (request, reply) => {
      const { provider } = request.params as { provider: OAuthEmailProvider };
      const query = request.query as { code?: string; state?: string; error?: string };
      const bindingNonce = readCookie(request.headers.cookie, bindingCookie(provider).name);
      return redirect(reply, await completeOAuthConnect(deps, provider, { ...query, bindingNonce }, request.log));
    },
  );
}
