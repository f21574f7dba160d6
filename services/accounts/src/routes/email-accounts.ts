// /email-accounts: list, add SMTP, edit SMTP, delete, set default (spec section 7), sender limits, usage and
// resume (issue 20), reading the mailbox back (issue 21) and the connect ticket.

import {
  ConnectTicket,
  ConnectTicketBody,
  CreateSmtpAccountBody,
  EmailAccount,
  Envelope,
  ErrorBody,
  IdParams,
  MessageBody,
  SenderUsage,
  UpdateFeedbackBody,
  UpdateSenderLimitsBody,
  UpdateSmtpAccountBody,
} from '@mailwright/contracts';
import type { RoutesPlugin } from '@mailwright/kit';
import { Type } from '@sinclair/typebox';
import type { AccountsDeps } from '../deps';
import { createSmtpAccount } from '../domain/create-smtp-account';
import { deleteAccount } from '../domain/delete-account';
import { getSenderUsage } from '../domain/get-sender-usage';
import { issueConnectTicket } from '../domain/issue-connect-ticket';
import { listAccounts } from '../domain/list-accounts';
import { resumeAccount } from '../domain/resume-account';
import { setDefaultAccount } from '../domain/set-default-account';
import { updateAccountLimits } from '../domain/update-account-limits';
import { updateFeedback } from '../domain/update-feedback';
import { updateSmtpAccount } from '../domain/update-smtp-account';
import { userIdOf } from './user-id';

/** A limit above the provider's ceiling, or refused IMAP settings, also name the field. */
const FieldErrorBody = Type.Object({ ...ErrorBody.properties, field: Type.Optional(Type.String()) });

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 503: ErrorBody };

export const emailAccountRoutes: RoutesPlugin<AccountsDeps> = async (app, { deps }) => {
  app.get(
    '/email-accounts',
    { schema: { response: { 200: Envelope(Type.Array(EmailAccount)), ...errors } } },
    async (request) => ({
      data: await listAccounts(deps, userIdOf(request)),
    }),
  );

  app.post(
    '/email-accounts/smtp',
    { schema: { body: CreateSmtpAccountBody, response: { 201: Envelope(EmailAccount), ...errors } } },
    async (request, reply) => {
      const data = await createSmtpAccount(deps, userIdOf(request), request.body, request.id);
      return reply.status(201).send({ data });
    },
  );

  app.put(
    '/email-accounts/:id',
    { schema: { params: IdParams, body: UpdateSmtpAccountBody, response: { 200: Envelope(EmailAccount), ...errors } } },
    async (request) => ({ data: await updateSmtpAccount(deps, userIdOf(request), request.params.id, request.body, request.id) }),
  );

  app.delete(
    '/email-accounts/:id',
    { schema: { params: IdParams, response: { 200: MessageBody, ...errors } } },
    async (request) => {
      await deleteAccount(deps, userIdOf(request), request.params.id);
      return { message: 'Account deleted' };
    },
  );

  app.put(
    '/email-accounts/:id/default',
    { schema: { params: IdParams, response: { 200: Envelope(EmailAccount), ...errors } } },
    async (request) => ({ data: await setDefaultAccount(deps, userIdOf(request), request.params.id) }),
  );

  app.put(
    '/email-accounts/:id/limits',
    {
      schema: {
        params: IdParams,
        body: UpdateSenderLimitsBody,
        response: { 200: Envelope(EmailAccount), ...errors, 400: FieldErrorBody },
      },
    },
    async (request) => ({
      data: await updateAccountLimits(deps, userIdOf(request), request.params.id, request.body, request.id),
    }),
  );

  app.put(
    '/email-accounts/:id/feedback',
    {
      schema: {
        params: IdParams,
        body: UpdateFeedbackBody,
        response: { 200: Envelope(EmailAccount), ...errors, 400: FieldErrorBody },
      },
    },
    async (request) => ({ data: await updateFeedback(deps, userIdOf(request), request.params.id, request.body) }),
  );

  app.get(
    '/email-accounts/:id/usage',
    { schema: { params: IdParams, response: { 200: Envelope(SenderUsage), ...errors } } },
    async (request) => ({ data: await getSenderUsage(deps, userIdOf(request), request.params.id, request.id) }),
  );

  app.post(
    '/email-accounts/:id/resume',
    { schema: { params: IdParams, response: { 200: Envelope(EmailAccount), ...errors } } },
    async (request) => ({ data: await resumeAccount(deps, userIdOf(request), request.params.id, request.id) }),
  );

  app.post(
    '/email-accounts/connect-ticket',
    { schema: { body: ConnectTicketBody, response: { 200: Envelope(ConnectTicket), ...errors } } },
    async (request, reply) => {
      const { ticket, setCookie } = await issueConnectTicket(deps, userIdOf(request), request.body.provider, request.id);
      return reply.header('set-cookie', setCookie).header('cache-control', 'no-store').send({ data: ticket });
    },
  );
};
