// The open pixel, answered by the gateway at the edge (and by the mail service when reached directly), and
// the open hits the gateway relays to the mail service in batches (POST /internal/tracking/opens).
import { type Static, Type } from '@sinclair/typebox';

/** A 1×1 transparent GIF (42 bytes), base64. */
export const OPEN_PIXEL_GIF_BASE64 = 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/** Every open must reach us, so no cache may keep the pixel. */
export const OPEN_PIXEL_HEADERS = {
  'content-type': 'image/gif',
  'cache-control': 'no-store, no-cache, must-revalidate, private',
  pragma: 'no-cache',
  expires: '0',
} as const;

export const TRACKING_TOKEN_MAX_CHARS = 200;

/** The path parameter of the tracking routes, GET /t/o/:token (the pixel, '.gif' appended) and GET /t/c/:token. */
export const TrackingTokenParams = Type.Object({ token: Type.String({ maxLength: TRACKING_TOKEN_MAX_CHARS }) });

/** The pixel's token without the '.gif' the emails append to it. */
export const openPixelToken = (param: string) => param.replace(/\.gif$/i, '');
const HIT_IP_MAX_CHARS = 100;
const HIT_USER_AGENT_MAX_CHARS = 500;

/** Who opened or clicked, as stored with the event: the client's IP and user agent, clipped to the stored sizes. */
export function hitMeta(ip: string | null | undefined, userAgent: string | null | undefined) {
  return {
    ip: ip ? ip.slice(0, HIT_IP_MAX_CHARS) : null,
    userAgent: userAgent ? userAgent.slice(0, HIT_USER_AGENT_MAX_CHARS) : null,
  };
}

export const OpenHit = Type.Object({
  /** The pixel's token as it appeared in the URL (without '.gif'). */
  token: Type.String({ minLength: 1, maxLength: TRACKING_TOKEN_MAX_CHARS }),
  ip: Type.Union([Type.String({ maxLength: HIT_IP_MAX_CHARS }), Type.Null()]),
  userAgent: Type.Union([Type.String({ maxLength: HIT_USER_AGENT_MAX_CHARS }), Type.Null()]),
  /** When the gateway answered the hit. */
  at: Type.String({ format: 'date-time' }),
});
export type OpenHit = Static<typeof OpenHit>;

export const OPEN_HITS_PER_RELAY = 1_000;

export const OpenHitsBody = Type.Object({ hits: Type.Array(OpenHit, { minItems: 1, maxItems: OPEN_HITS_PER_RELAY }) });
export type OpenHitsBody = Static<typeof OpenHitsBody>;
