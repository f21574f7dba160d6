// GET /auth/:provider and /auth/:provider/callback: browser redirects for Google, GitHub and Microsoft sign-in.
import { type RoutesPlugin, readCookie } from '@mailwright/kit';
import { Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import { isProviderName } from '../adapters/sign-in-providers/provider';
import type { IdentityDeps } from '../deps';
import { finishSocialSignIn } from '../domain/finish-social-sign-in';
import { type Redirect, signInBindingCookie } from '../domain/social-sign-in-legs';
import { startSocialSignIn } from '../domain/start-social-sign-in';

const ProviderParams = Type.Object({ provider: Type.String({ maxLength: 32 }) });
const CallbackQuery = Type.Object({
  code: Type.Optional(Type.String({ maxLength: 4096 })),
  state: Type.Optional(Type.String({ maxLength: 4096 })),
  error: Type.Optional(Type.String({ maxLength: 512 })),
});

function send(reply: FastifyReply, { location, setCookie }: Redirect) {
  if (setCookie) reply.header('set-cookie', setCookie);
  return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(location, 302);
}

export const socialSignInRoutes: RoutesPlugin<IdentityDeps> = async (app, { deps }) => {
  app.get('/auth/:provider', { schema: { params: ProviderParams } }, async (request, reply) =>
    send(reply, await startSocialSignIn(deps, request.params.provider)),
  );

  app.get(
    '/auth/:provider/callback',
    { schema: { params: ProviderParams, querystring: CallbackQuery } },
    async (request, reply) => {
      const { provider } = request.params;
      const nonce = isProviderName(provider) ? readCookie(request.headers.cookie, signInBindingCookie(provider).name) : undefined;
      return send(reply, await finishSocialSignIn(deps, provider, request.query, nonce));
    },
  );
};
