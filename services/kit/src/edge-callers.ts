// Requests the edge (infra/edge) forwards straight to a service: a send with the caller's X-API-Key, no internal
// token. The service asks the gateway's edge authorizer (gateway/src/routes/edge-authorize.ts) about the key and
// keeps the answer a second, one question at a time per key; a key it refuses goes back to nginx with an
// X-Accel-Redirect to the gateway, which answers the request (body and all) as it answers every request.
//
// nginx asked instead, by auth_request, until issue 25's round 44: the subrequest and its file-backed cache of the
// answers were a quarter of nginx's CPU per send, and that cache kept the raw keys in files.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { Agent, request as httpRequest } from 'undici';
import { INTERNAL_TOKEN_HEADER } from './internal-token';
import { TtlCache } from './ttl-cache';

export const EDGE_AUTHORIZE_PATH = '/_edge/authorize';
/** The secret the edge sends with every request it forwards, and a service with every question it asks. */
export const EDGE_SECRET_HEADER = 'x-mailwright-edge';
/** The request as the edge received it: what the authorizer decides on. */
export const EDGE_METHOD_HEADER = 'x-original-method';
export const EDGE_URI_HEADER = 'x-original-uri';
/** On a yes, the key's id; the service also answers with it, for the edge's access log. */
export const EDGE_API_KEY_ID_HEADER = 'x-mailwright-api-key-id';
/** nginx's named location that hands a request to the gateway. */
export const EDGE_TO_GATEWAY = '@gateway';

/** The secret the edge, the gateway and the services share, derived so that the operator configures nothing more. */
export const edgeSecret = (internalSecret: string) =>
  createHmac('sha256', internalSecret).update('mailwright edge authorizer').digest('hex');

/** A check of the edge's secret on a request, in constant time. */
export function edgeSecretCheck(internalSecret: string): (header: string | string[] | undefined) => boolean {
  const secret = Buffer.from(edgeSecret(internalSecret));
  return (header) =>
    typeof header === 'string' && header.length === secret.length && timingSafeEqual(Buffer.from(header), secret);
}

/** What the authorizer said yes with: the internal token to trust, and the key's id. */
export interface EdgeAuthorization {
  token: string;
  apiKeyId: string;
}

export interface EdgeQuestion {
  apiKey: string;
  method: string;
  uri: string;
}

export type AskAuthorizer = (question: EdgeQuestion) => Promise<EdgeAuthorization | null>;

/** How long an answer is kept: a deleted or disabled key may make calls for this long after. */
export const EDGE_ANSWER_TTL_MS = 1_000;
const ASK_TIMEOUT_MS = 5_000;

const agent = new Agent({ keepAliveTimeout: 30_000 });

/** The gateway's authorizer over HTTP: a 204 is a yes; anything else, or no answer, is a no. */
export function askGateway(gatewayUrl: string, internalSecret: string): AskAuthorizer {
  const secret = edgeSecret(internalSecret);
  const url = `${gatewayUrl.replace(/\/$/, '')}${EDGE_AUTHORIZE_PATH}`;
  return async ({ apiKey, method, uri }) => {
    const response = await httpRequest(url, {
      dispatcher: agent,
      method: 'GET',
      headers: { [EDGE_SECRET_HEADER]: secret, [EDGE_METHOD_HEADER]: method, [EDGE_URI_HEADER]: uri, 'x-api-key': apiKey },
      headersTimeout: ASK_TIMEOUT_MS,
      bodyTimeout: ASK_TIMEOUT_MS,
    });
    await response.body.dump();
    const token = response.headers[INTERNAL_TOKEN_HEADER];
    const apiKeyId = response.headers[EDGE_API_KEY_ID_HEADER];
    if (response.statusCode !== 204 || typeof token !== 'string' || typeof apiKeyId !== 'string') return null;
    return { token, apiKeyId };
  };
}

export class EdgeAuthorizer {
  /** Whether a request carries the edge's secret. */
  readonly isFromEdge: (header: string | string[] | undefined) => boolean;
  /** By the key's SHA-256: the keys themselves are not kept. One question per key at a time. */
  private readonly answers: TtlCache<string, EdgeAuthorization | null>;

  constructor(
    internalSecret: string,
    private readonly ask: AskAuthorizer,
    ttlMs = EDGE_ANSWER_TTL_MS,
  ) {
    this.isFromEdge = edgeSecretCheck(internalSecret);
    this.answers = new TtlCache({ ttlMs });
  }

  /** The authorizer's answer about the key (a failure to ask is a no), asked at most once a second per key. */
  authorize(question: EdgeQuestion): Promise<EdgeAuthorization | null> {
    const id = createHash('sha256').update(question.apiKey).digest('base64');
    return this.answers.get(id, () => this.ask(question).catch(() => null));
  }
}
