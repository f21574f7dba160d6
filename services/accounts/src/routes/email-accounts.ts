// /email-accounts: list, add SMTP, edit SMTP, delete, set default (spec section 7), and the connect ticket.

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ConnectTicket,
  ConnectTicketBody,
  CreateSmtpAccountBody,
  EmailAccount,
  Envelope,
  ErrorBody,
  IdParams,
  MessageBody,
  UpdateSmtpAccountBody,
} from '@mailwright/contracts';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { createSmtpAccount } from '../domain/create-smtp-account';
import { deleteAccount } from '../domain/delete-account';
import type { AccountsDeps } from '../domain/deps';
import { issueConnectTicket } from '../domain/issue-connect-ticket';
import { listAccounts } from '../domain/list-accounts';
import { setDefaultAccount } from '../domain/set-default-account';
import { updateSmtpAccount } from '../domain/update-smtp-account';
import { userIdOf } from './user-id';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 503: ErrorBody };

export async function emailAccountRoutes(app: FastifyInstance, deps: AccountsDeps): Promise<void> {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  routes.get(
    '/email-accounts',
    { schema: { response: { 200: Envelope(Type.Array(EmailAccount)), ...errors } } },
    async (request) => ({
      data: await listAccounts(deps, userIdOf(request)),
    }),
  );

  routes.post(
    '/email-accounts/smtp',
    { schema: { body: CreateSmtpAccountBody, response: { 201: Envelope(EmailAccount), ...errors } } },
    async (request, reply) => {
      const data = await createSmtpAccount(deps, userIdOf(request), request.body as CreateSmtpAccountBody);
      return reply.status(201).send({ data });
    },
  );

  routes.put(
    '/email-accounts/:id',
    { schema: { params: IdParams, body: UpdateSmtpAccountBody, response: { 200: Envelope(EmailAccount), ...errors } } },
    async (request) => {
      const { id } = request.params as { id: string };
      return { data: await updateSmtpAccount(deps, userIdOf(request), id, request.body as UpdateSmtpAccountBody) };
    },
  );

  routes.delete(
    '/email-accounts/:id',
    { schema: { params: IdParams, response: { 200: MessageBody, ...errors } } },
    async (request) => {
      const { id } = request.params as { id: string };
      await deleteAccount(deps, userIdOf(request), id);
      return { message: 'Account deleted' };
    },
  );

  routes.put(
    '/email-accounts/:id/default',
    { schema: { params: IdParams, response: { 200: Envelope(EmailAccount), ...errors } } },
    async (request) => {
      const { id } = request.params as { id: string };
      return { data: await setDefaultAccount(deps, userIdOf(request), id) };
    },
  );

  routes.post(
    '/email-accounts/connect-ticket',
    { schema: { body: ConnectTicketBody, response: { 200: Envelope(ConnectTicket), ...errors } } },
    async (request, reply) => {
      const { provider } = request.body as { provider: 'gmail' | 'outlook' };
      const { ticket, setCookie } = await issueConnectTicket(deps, userIdOf(request), provider);
      return reply.header('set-cookie', setCookie).header('cache-control', 'no-store').send({ data: ticket });
    },
  );
}
