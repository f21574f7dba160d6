// The one refusal every account lookup shares: someone else's id and a missing one answer alike.
import { AppError } from '@mailwright/kit';

export const accountNotFound = () => new AppError('NOT_FOUND', 'Email account not found');
