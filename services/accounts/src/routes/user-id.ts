// The signed-in user behind a request; user ids are uuids, so anything else cannot own an account.
import { AppError, isUuid, requireUserId } from '@mailwright/kit';
import type { FastifyRequest } from 'fastify';

export function userIdOf(request: FastifyRequest): string {
  const userId = requireUserId(request);
  if (!isUuid(userId)) throw new AppError('UNAUTHORIZED', 'Authentication required');
  return userId;
}
