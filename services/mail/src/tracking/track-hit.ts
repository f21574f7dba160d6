// Tracking hits (public, through the gateway): verify the signed token, answer at once, enqueue the event.
// A forged token records nothing; a click only ever redirects to the URL stored with the email the token was
// signed for, and only when that URL is an http(s) URL (by the same rule that chose the links to store).
import { followableUrl } from '@mailwright/contracts';
import { trackedLink } from '../db/queries/tracked-link';
import type { TrackingDeps } from './deps';

export interface HitMeta {
  ip: string | null;
  userAgent: string | null;
}

/** Enqueues the open when the token verifies; true when it did. `at`: when the hit was answered (default now). */
export function recordOpen(deps: TrackingDeps, token: string, meta: HitMeta, at = new Date().toISOString()): boolean {
  const target = deps.tokens.verify(token);
  if (target?.kind !== 'open') return false;
  deps.buffer.push({ type: 'open', emailId: target.emailId, linkIndex: null, at, ...meta });
  return true;
}

/** The URL to redirect to, or null (unknown or forged token). */
export async function resolveClick(deps: TrackingDeps, token: string, meta: HitMeta): Promise<string | null> {
  const target = deps.tokens.verify(token);
  if (target?.kind !== 'click') return null;
  const stored = await trackedLink(deps.db.$client, target.emailId, target.linkIndex);
  const url = stored === null ? null : followableUrl(stored);
  if (url === null) return null;
  deps.buffer.push({
    type: 'click',
    emailId: target.emailId,
    linkIndex: target.linkIndex,
    at: new Date().toISOString(),
    ...meta,
  });
  return url;
}
