// Sender pools (issue 20): a user's accounts grouped so the engine picks one at delivery time. 'failover' takes
// the first healthy account with capacity, in order; 'spread' weighs the healthy ones by remaining capacity.
import { type Static, Type } from '@sinclair/typebox';

export const SenderPoolStrategy = Type.Union([Type.Literal('failover'), Type.Literal('spread')]);
export type SenderPoolStrategy = Static<typeof SenderPoolStrategy>;

export const SENDER_POOL_LIMITS = { nameMaxChars: 100, accountsMax: 20, poolsPerUser: 50 } as const;

const AccountIds = Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
  minItems: 1,
  maxItems: SENDER_POOL_LIMITS.accountsMax,
  uniqueItems: true,
});

export const CreateSenderPoolBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: SENDER_POOL_LIMITS.nameMaxChars }),
    accountIds: AccountIds,
    strategy: Type.Optional(SenderPoolStrategy),
  },
  { additionalProperties: false, examples: [{ name: 'Newsletters', accountIds: ['acc_1', 'acc_2'], strategy: 'failover' }] },
);
export type CreateSenderPoolBody = Static<typeof CreateSenderPoolBody>;

export const UpdateSenderPoolBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: SENDER_POOL_LIMITS.nameMaxChars })),
    accountIds: Type.Optional(AccountIds),
    strategy: Type.Optional(SenderPoolStrategy),
  },
  { additionalProperties: false },
);
export type UpdateSenderPoolBody = Static<typeof UpdateSenderPoolBody>;

export const SenderPool = Type.Object({
  _id: Type.String(),
  id: Type.String(),
  name: Type.String(),
  strategy: SenderPoolStrategy,
  /** In the pool's order (failover tries them in this order). */
  accountIds: Type.Array(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type SenderPool = Static<typeof SenderPool>;

export const SENDER_POOL_MESSAGES = {
  notFound: 'Sender pool not found',
  planRequired: 'Sender pools are available on the Pro and Enterprise plans. Upgrade at /pricing to use them.',
  accountNotFound: (id: string) => `accountIds: ${id} is not one of your email accounts`,
  tooMany: `You can create up to ${SENDER_POOL_LIMITS.poolsPerUser} sender pools`,
  nameTaken: 'A sender pool with this name already exists',
  bothSenders: 'Give either emailAccountId or senderPoolId, not both',
} as const;

/** GET /internal/sender-pools/:poolId?userId= (mail → accounts): the pool's accounts, for accept and delivery. */
export const ResolvedSenderPool = Type.Object({
  id: Type.String(),
  userId: Type.String(),
  strategy: SenderPoolStrategy,
  accountIds: Type.Array(Type.String()),
});
export type ResolvedSenderPool = Static<typeof ResolvedSenderPool>;
