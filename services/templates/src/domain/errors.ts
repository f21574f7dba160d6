// Unknown, foreign and malformed template ids all answer the same 404.
import { TEMPLATE_MESSAGES } from '@mailwright/contracts';
import { AppError } from '@mailwright/kit';

export const templateNotFound = () => new AppError('NOT_FOUND', TEMPLATE_MESSAGES.notFound);
