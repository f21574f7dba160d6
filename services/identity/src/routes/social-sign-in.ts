// GET /auth/:provider and /auth/:provider/callback: browser redirects for Google, GitHub and Microsoft sign-in.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { OAuthStates, readCookie } from '@mailwright/kit';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isProviderName } from '../adapters/sign-in-providers/provider';
import { buildSignInProviders } from '../adapters/sign-in-providers/providers';
import type { IdentityContext } from '../context';
import {
  finishSocialSignIn,
  type Redirect,
  type SocialSignIn,
  signInBindingCookie,
  startSocialSignIn,
} from '../domain/social-sign-in';

const ProviderParams = Type.Object({ provider: Type.String({ maxLength: 32 }) });
const CallbackQuery = Type.Object({
  code: Type.Optional(Type.String({ maxLength: 4096 })),
  state: Type.Optional(Type.String({ maxLength: 4096 })),
  error: Type.Optional(Type.String({ maxLength: 512 })),
});

export function registerSocialSignInRoutes(server: FastifyInstance, ctx: IdentityContext): void {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const social: SocialSignIn = {
    providers: buildSignInProviders(ctx.config),
    states: new OAuthStates({
      secret: ctx.config.INTERNAL_SECRET,
      issuer: 'mailwright-identity',
      audience: 'mailwright-oauth-state',
    }),
  };

  const send = (reply: FastifyReply, { location, setCookie }: Redirect) => {
    if (setCookie) reply.header('set-cookie', setCookie);
    return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(location, 302);
  };

  app.get('/auth/:provider', { schema: { params: ProviderParams } }, async (request, reply) =>
    send(reply, await startSocialSignIn(ctx, social, request.params.provider)),
  );

  app.get(
    '/auth/:provider/callback',
    { schema: { params: ProviderParams, querystring: CallbackQuery } },
    async (request, reply) => {
      const { provider } = request.params;
      const nonce = isProviderName(provider) ? readCookie(request.headers.cookie, signInBindingCookie(provider).name) : undefined;
      return send(reply, await finishSocialSignIn(ctx, social, provider, request.query, nonce));
    },
  );
}
