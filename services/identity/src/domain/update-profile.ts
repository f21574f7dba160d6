// Profile: name required (cleaned of line breaks and links), avatar optional but an http(s) URL.
import type { ProfileBody } from '@mailwright/contracts';
import { AppError } from '@mailwright/kit';
import { updateUser } from '../db/queries/users';
import type { UserRow } from '../db/schema/users';
import type { IdentityDeps } from '../deps';
import { cleanDisplayName, NAME_REQUIRED_MESSAGE } from './display-name';

export const AVATAR_URL_MESSAGE = 'Avatar must be a valid http or https URL';

export async function updateProfile(deps: Pick<IdentityDeps, 'db'>, userId: string, body: ProfileBody): Promise<UserRow> {
  // A name carries no line breaks or links: it is shown in the platform's own mails.
  const name = cleanDisplayName(body.name).trim();
  if (!name) throw new AppError('VALIDATION_ERROR', NAME_REQUIRED_MESSAGE);
  const avatar = body.avatar ? checkedAvatar(body.avatar) : null;
  const user = await updateUser(deps.db, userId, { name, avatar });
  if (!user) throw new AppError('UNAUTHORIZED', 'Account not found');
  return user;
}

function checkedAvatar(value: string): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new AppError('VALIDATION_ERROR', AVATAR_URL_MESSAGE);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new AppError('VALIDATION_ERROR', AVATAR_URL_MESSAGE);
  return url.toString();
}
