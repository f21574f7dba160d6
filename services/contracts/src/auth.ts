// Identity: users, sessions, verification, password flows.
import { type Static, Type } from '@sinclair/typebox';
import { EmailAddress } from './common';

export const PlanId = Type.Union([Type.Literal('free'), Type.Literal('pro'), Type.Literal('enterprise')]);
export type PlanId = Static<typeof PlanId>;

export const Subscription = Type.Object({
  plan: PlanId,
  status: Type.String(),
  endDate: Type.Union([Type.String(), Type.Null()]),
});
export type Subscription = Static<typeof Subscription>;

export const EmailQuota = Type.Object({
  used: Type.Integer(),
  limit: Type.Integer({ description: '-1 means unlimited' }),
});
export type EmailQuota = Static<typeof EmailQuota>;

export const User = Type.Object({
  _id: Type.String(),
  id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  avatar: Type.Union([Type.String(), Type.Null()]),
  isVerified: Type.Boolean(),
  hasPassword: Type.Boolean(),
  oauthProviders: Type.Array(Type.String()),
  subscription: Subscription,
  emailQuota: EmailQuota,
  createdAt: Type.String(),
});
export type User = Static<typeof User>;

export const Password = Type.String({ minLength: 6, maxLength: 200 });

export const SignupBody = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 200 }), email: EmailAddress, password: Password },
  { additionalProperties: false },
);
export type SignupBody = Static<typeof SignupBody>;

export const LoginBody = Type.Object(
  { email: EmailAddress, password: Type.String({ minLength: 1, maxLength: 200 }), rememberMe: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBody>;

export const LoginResponse = Type.Object({ token: Type.String(), user: User });
export type LoginResponse = Static<typeof LoginResponse>;

export const UserResponse = Type.Object({ user: User });

export const ForgotPasswordBody = Type.Object({ email: EmailAddress }, { additionalProperties: false });
/** POST /auth/resend-verification: a new verification link for an account not verified yet (once a minute). */
export const ResendVerificationBody = Type.Object({ email: EmailAddress }, { additionalProperties: false });
export type ResendVerificationBody = Static<typeof ResendVerificationBody>;
export const ResetPasswordBody = Type.Object({ password: Password }, { additionalProperties: false });
export const TokenParams = Type.Object({ token: Type.String({ minLength: 10, maxLength: 200 }) });

export const ProfileBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    avatar: Type.Optional(Type.Union([Type.String({ format: 'uri', maxLength: 2048 }), Type.Literal(''), Type.Null()])),
  },
  { additionalProperties: false },
);
export type ProfileBody = Static<typeof ProfileBody>;

export const ChangePasswordBody = Type.Object(
  { currentPassword: Type.String({ maxLength: 200 }), newPassword: Password },
  { additionalProperties: false },
);
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

/** A password change ends every other session; the caller's own session continues on this fresh token. */
export const ChangePasswordResponse = Type.Object({ message: Type.String(), token: Type.String() });
export type ChangePasswordResponse = Static<typeof ChangePasswordResponse>;

/** The one-time code social sign-in's callback page trades for a session (single use, 60 s). */
export const SignInCodeBody = Type.Object(
  { code: Type.String({ minLength: 10, maxLength: 200 }) },
  { additionalProperties: false },
);
export type SignInCodeBody = Static<typeof SignInCodeBody>;

export const OAUTH_ONLY_PASSWORD_MESSAGE = 'Password change is not available for OAuth-only accounts';
