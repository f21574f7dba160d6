// /auth/*: sign-up, verification (and a new link on request), login, the social sign-in code exchange, current user, password flows,
// log out everywhere and profile.

import {
  ChangePasswordBody,
  ChangePasswordResponse,
  ForgotPasswordBody,
  LoginBody,
  LoginResponse,
  MessageBody,
  ProfileBody,
  ResendVerificationBody,
  ResetPasswordBody,
  SignInCodeBody,
  SignupBody,
  TokenParams,
  User,
  UserResponse,
} from '@mailwright/contracts';
import { type RoutesPlugin, requireUserId } from '@mailwright/kit';
import { Type } from '@sinclair/typebox';
import type { IdentityDeps } from '../deps';
import { changePassword } from '../domain/change-password';
import { currentUser } from '../domain/current-user';
import { logIn } from '../domain/log-in';
import { logOutEverywhere } from '../domain/log-out-everywhere';
import { presentUser } from '../domain/present-user';
import { RESEND_VERIFICATION_MESSAGE, resendVerification } from '../domain/resend-verification';
import { FORGOT_PASSWORD_MESSAGE, requestPasswordReset, resetPassword } from '../domain/reset-password';
import { exchangeSignInCode } from '../domain/sign-in-codes';
import { signUp } from '../domain/sign-up';
import { updateProfile } from '../domain/update-profile';
import { verifyEmail } from '../domain/verify-email';

export const SIGNUP_MESSAGE = 'Account created! Please check your email to verify your account before logging in.';
export const VERIFIED_MESSAGE = 'Email verified successfully!';
export const RESET_DONE_MESSAGE = 'Password reset successful!';
export const PASSWORD_CHANGED_MESSAGE = 'Password changed successfully';

export const authRoutes: RoutesPlugin<IdentityDeps> = async (app, { deps }) => {
  app.post(
    '/auth/signup',
    { schema: { body: SignupBody, response: { 201: Type.Object({ message: Type.String(), user: User }) } } },
    async (request, reply) =>
      reply.status(201).send({ message: SIGNUP_MESSAGE, user: await signUp(deps, request.body, request.id) }),
  );

  app.get('/auth/verify-email/:token', { schema: { params: TokenParams, response: { 200: MessageBody } } }, async (request) => {
    await verifyEmail(deps, request.params.token);
    return { message: VERIFIED_MESSAGE };
  });

  app.post(
    '/auth/resend-verification',
    { schema: { body: ResendVerificationBody, response: { 200: MessageBody } } },
    async (request) => {
      await resendVerification(deps, request.body.email);
      return { message: RESEND_VERIFICATION_MESSAGE };
    },
  );

  app.post('/auth/login', { schema: { body: LoginBody, response: { 200: LoginResponse } } }, async (request) => {
    const { token, user } = await logIn(deps, request.body);
    return { token, user: await presentUser(deps, user, request.id) };
  });

  app.post('/auth/exchange', { schema: { body: SignInCodeBody, response: { 200: LoginResponse } } }, async (request) => {
    const { token, user } = await exchangeSignInCode(deps, request.body.code);
    return { token, user: await presentUser(deps, user, request.id) };
  });

  app.post('/auth/logout-everywhere', { schema: { response: { 204: Type.Null() } } }, async (request, reply) => {
    await logOutEverywhere(deps, requireUserId(request));
    return reply.status(204).send(null);
  });

  app.get('/auth/me', { schema: { response: { 200: UserResponse } } }, async (request) => ({
    user: await currentUser(deps, requireUserId(request), request.id),
  }));

  app.post('/auth/forgot-password', { schema: { body: ForgotPasswordBody, response: { 200: MessageBody } } }, async (request) => {
    requestPasswordReset(deps, request.body.email);
    return { message: FORGOT_PASSWORD_MESSAGE };
  });

  app.post(
    '/auth/reset-password/:token',
    { schema: { params: TokenParams, body: ResetPasswordBody, response: { 200: MessageBody } } },
    async (request) => {
      await resetPassword(deps, request.params.token, request.body.password);
      return { message: RESET_DONE_MESSAGE };
    },
  );

  app.put('/auth/profile', { schema: { body: ProfileBody, response: { 200: UserResponse } } }, async (request) => {
    const user = await updateProfile(deps, requireUserId(request), request.body);
    return { user: await presentUser(deps, user, request.id) };
  });

  app.put(
    '/auth/change-password',
    { schema: { body: ChangePasswordBody, response: { 200: ChangePasswordResponse } } },
    async (request) => {
      const { token } = await changePassword(deps, requireUserId(request), request.body);
      return { message: PASSWORD_CHANGED_MESSAGE, token };
    },
  );
};
