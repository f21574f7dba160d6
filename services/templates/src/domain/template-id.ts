// Template ids are uuids; anything else cannot name a template, so it is simply not found.
import { TEMPLATE_MESSAGES } from '@mailwright/contracts';
import { AppError } from '@mailwright/kit';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string) => UUID.test(value);

export const templateNotFound = () => new AppError('NOT_FOUND', TEMPLATE_MESSAGES.notFound);
