import { AppError } from '@mailwright/kit';

export const accountNotFound = () => new AppError('NOT_FOUND', 'Email account not found');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are uuids; anything else cannot name an account, so it answers 404 like someone else's id. */
export const isUuid = (value: string | null | undefined): value is string => typeof value === 'string' && UUID.test(value);
