// API keys: shown once on creation, listed masked afterwards.
import { type Static, Type } from '@sinclair/typebox';

/** What a key may do: `send` (send, batch, Resend-compatible writes), `read` (the email log's GET routes). */
export const API_KEY_SCOPES = ['send', 'read'] as const;
export const ApiKeyScope = Type.Union([Type.Literal('send'), Type.Literal('read')]);
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** The words a refused call answers with (403 FORBIDDEN). */
export const API_KEY_SCOPE_MESSAGES: Record<ApiKeyScope, string> = {
  send: 'This API key cannot send emails (scope: send)',
  read: 'This API key cannot read emails (scope: read)',
};

export const ApiKey = Type.Object({
  id: Type.String(),
  _id: Type.String(),
  name: Type.String(),
  key: Type.String({ description: 'Masked (prefix…last4) except in the create response.' }),
  lastUsed: Type.Union([Type.String(), Type.Null()]),
  isActive: Type.Boolean(),
  scopes: Type.Array(ApiKeyScope),
  createdAt: Type.String(),
});
export type ApiKey = Static<typeof ApiKey>;

export const CreateApiKeyBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    scopes: Type.Optional(
      Type.Array(ApiKeyScope, { minItems: 1, uniqueItems: true, description: 'Defaults to every scope (send and read).' }),
    ),
  },
  { additionalProperties: false },
);

/** What identity tells the gateway about an X-API-Key. */
export const ResolvedApiKey = Type.Object({
  apiKeyId: Type.String(),
  userId: Type.String(),
  isActive: Type.Boolean(),
  /** Absent only from an identity that predates scopes, whose keys all had full access. */
  scopes: Type.Optional(Type.Array(ApiKeyScope)),
});
export type ResolvedApiKey = Static<typeof ResolvedApiKey>;
