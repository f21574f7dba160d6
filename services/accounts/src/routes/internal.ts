// Service-to-service endpoints the mail service and worker use (never exposed by the gateway).

import {
  AccountFeedback,
  Envelope,
  ErrorBody,
  MailboxAccess,
  MailboxReaderEntry,
  MailboxReadersQuery,
  ReportFeedbackStateBody,
  ReportSenderHealthBody,
  ResolveAccountBody,
  ResolvedAccount,
  ResolvedSenderPool,
  SenderHealthReport,
  Transport,
} from '@mailwright/contracts';
import { coerceQuery, type RoutesPlugin, requireService } from '@mailwright/kit';
import { Type } from '@sinclair/typebox';
import type { AccountsDeps } from '../deps';
import { getMailboxAccess } from '../domain/get-mailbox-access';
import { getTransport } from '../domain/get-transport';
import { listMailboxReaders } from '../domain/list-mailbox-readers';
import { reportFeedbackState } from '../domain/report-feedback-state';
import { reportSenderHealth } from '../domain/report-sender-health';
import { resolveAccount } from '../domain/resolve-account';
import { resolveSenderPool } from '../domain/resolve-sender-pool';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 503: ErrorBody };

/** A refused resumesAt, after or checkedAt names the field. */
const FieldErrorBody = Type.Object({ ...ErrorBody.properties, field: Type.Optional(Type.String()) });

const AccountParams = Type.Object({ accountId: Type.String({ minLength: 1, maxLength: 64 }) });

export const internalRoutes: RoutesPlugin<AccountsDeps> = async (app, { deps }) => {
  app.post(
    '/internal/accounts/resolve',
    { schema: { body: ResolveAccountBody, response: { 200: Envelope(ResolvedAccount), ...errors } } },
    async (request) => {
      requireService(request);
      return { data: await resolveAccount(deps, request.body.userId, request.body.accountId, request.body.email) };
    },
  );

  app.get(
    '/internal/accounts/:accountId/transport',
    {
      schema: {
        params: AccountParams,
        // Optional: when the caller knows the owner, an account of another user answers 404.
        querystring: Type.Object({ userId: Type.Optional(Type.String({ maxLength: 64 })) }),
        response: { 200: Envelope(Transport), ...errors },
      },
    },
    async (request) => {
      requireService(request);
      return { data: await getTransport(deps, request.params.accountId, request.query.userId) };
    },
  );

  app.post(
    '/internal/accounts/:accountId/health',
    {
      schema: {
        params: AccountParams,
        body: ReportSenderHealthBody,
        response: { 200: Envelope(SenderHealthReport), ...errors, 400: FieldErrorBody },
      },
    },
    async (request) => {
      requireService(request);
      return { data: await reportSenderHealth(deps, request.params.accountId, request.body) };
    },
  );

  app.get(
    '/internal/sender-pools/:poolId',
    {
      schema: {
        params: Type.Object({ poolId: Type.String({ minLength: 1, maxLength: 64 }) }),
        querystring: Type.Object({ userId: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: { 200: Envelope(ResolvedSenderPool), ...errors },
      },
    },
    async (request) => {
      requireService(request);
      return { data: await resolveSenderPool(deps, request.query.userId, request.params.poolId) };
    },
  );

  // Mailbox feedback (issue 21): the mail worker lists the mailboxes it reads, gets access to one, reports back.
  app.get(
    '/internal/mailbox-readers',
    {
      preValidation: coerceQuery(MailboxReadersQuery),
      schema: {
        querystring: MailboxReadersQuery,
        response: { 200: Envelope(Type.Array(MailboxReaderEntry)), ...errors, 400: FieldErrorBody },
      },
    },
    async (request) => {
      requireService(request);
      return { data: await listMailboxReaders(deps, request.query.after, request.query.limit) };
    },
  );

  app.get(
    '/internal/accounts/:accountId/mailbox',
    { schema: { params: AccountParams, response: { 200: Envelope(MailboxAccess), ...errors } } },
    async (request) => {
      requireService(request);
      return { data: await getMailboxAccess(deps, request.params.accountId) };
    },
  );

  app.post(
    '/internal/accounts/:accountId/feedback-state',
    {
      schema: {
        params: AccountParams,
        body: ReportFeedbackStateBody,
        response: { 200: Envelope(AccountFeedback), ...errors, 400: FieldErrorBody },
      },
    },
    async (request) => {
      requireService(request);
      return { data: await reportFeedbackState(deps, request.params.accountId, request.body) };
    },
  );
};
