// /sender-pools (issue 20): a user's sender pools, Pro and Enterprise plans. The mail service resolves them
// through /internal/sender-pools/:poolId.

import {
  CreateSenderPoolBody,
  Envelope,
  ErrorBody,
  IdParams,
  MessageBody,
  SenderPool,
  UpdateSenderPoolBody,
} from '@mailwright/contracts';
import type { RoutesPlugin } from '@mailwright/kit';
import { Type } from '@sinclair/typebox';
import type { AccountsDeps } from '../deps';
import { createSenderPool } from '../domain/create-sender-pool';
import { deleteSenderPool } from '../domain/delete-sender-pool';
import { getSenderPool } from '../domain/get-sender-pool';
import { listSenderPools } from '../domain/list-sender-pools';
import { updateSenderPool } from '../domain/update-sender-pool';
import { userIdOf } from './user-id';

/** A refused name or account also names the field. */
const FieldErrorBody = Type.Object({ ...ErrorBody.properties, field: Type.Optional(Type.String()) });

const errors = { 400: FieldErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 503: ErrorBody };

export const senderPoolRoutes: RoutesPlugin<AccountsDeps> = async (app, { deps }) => {
  app.get('/sender-pools', { schema: { response: { 200: Envelope(Type.Array(SenderPool)), ...errors } } }, async (request) => ({
    data: await listSenderPools(deps, userIdOf(request)),
  }));

  app.post(
    '/sender-pools',
    { schema: { body: CreateSenderPoolBody, response: { 201: Envelope(SenderPool), ...errors } } },
    async (request, reply) => {
      const data = await createSenderPool(deps, userIdOf(request), request.body, request.id);
      return reply.status(201).send({ data });
    },
  );

  app.get(
    '/sender-pools/:id',
    { schema: { params: IdParams, response: { 200: Envelope(SenderPool), ...errors } } },
    async (request) => ({ data: await getSenderPool(deps, userIdOf(request), request.params.id) }),
  );

  app.put(
    '/sender-pools/:id',
    { schema: { params: IdParams, body: UpdateSenderPoolBody, response: { 200: Envelope(SenderPool), ...errors } } },
    async (request) => ({ data: await updateSenderPool(deps, userIdOf(request), request.params.id, request.body, request.id) }),
  );

  app.delete(
    '/sender-pools/:id',
    { schema: { params: IdParams, response: { 200: MessageBody, ...errors } } },
    async (request) => {
      await deleteSenderPool(deps, userIdOf(request), request.params.id);
      return { message: 'Sender pool deleted' };
    },
  );
};
