// API keys: shown once on creation, listed masked afterwards.
import { type Static, Type } from '@sinclair/typebox';

export const ApiKey = Type.Object({
  id: Type.String(),
  _id: Type.String(),
  name: Type.String(),
  key: Type.String({ description: 'Masked (prefix…last4) except in the create response.' }),
  lastUsed: Type.Union([Type.String(), Type.Null()]),
  isActive: Type.Boolean(),
  createdAt: Type.String(),
});
export type ApiKey = Static<typeof ApiKey>;

export const CreateApiKeyBody = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 100 }) },
  { additionalProperties: false },
);

/** What identity tells the gateway about an X-API-Key. */
export const ResolvedApiKey = Type.Object({ apiKeyId: Type.String(), userId: Type.String(), isActive: Type.Boolean() });
export type ResolvedApiKey = Static<typeof ResolvedApiKey>;
