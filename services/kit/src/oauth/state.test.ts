import { describe, expect, it } from 'vitest';
import { SecretBox } from '../secret-box';
import { OAuthStates } from './state';

const box = new SecretBox('a'.repeat(64));
const options = { secret: 'x'.repeat(40), issuer: 'mailwright-test', audience: 'mailwright-test-oauth-state', box };
const states = new OAuthStates(options);
const claims = { provider: 'gmail', subject: 'user-1', binding: 'b'.repeat(43), codeVerifier: 'v'.repeat(50) };

describe('OAuth states', () => {
  it('round-trip the provider, subject, binding and PKCE verifier, and never show the verifier', async () => {
    const token = await states.sign(claims);
    expect(token).not.toContain(claims.codeVerifier);
    await expect(states.verify(token, 'gmail')).resolves.toEqual({ ok: true, claims });
  });

  it('carry no verifier when none is given', async () => {
    const { codeVerifier: _, ...bare } = claims;
    const token = await new OAuthStates({ ...options, box: undefined }).sign(bare);
    await expect(states.verify(token, 'gmail')).resolves.toEqual({ ok: true, claims: bare });
  });

  it('report an expired state as expired', async () => {
    const token = await states.sign(claims, -5);
    await expect(states.verify(token, 'gmail')).resolves.toEqual({ ok: false, reason: 'expired' });
  });

  it('refuse another provider, a tampered token, another secret or audience, and a missing token', async () => {
    const token = await states.sign(claims);
    await expect(states.verify(token, 'outlook')).resolves.toEqual({ ok: false, reason: 'invalid' });
    const [header, payload, signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()), sub: 'someone-else' }),
    ).toString('base64url');
    await expect(states.verify(`${header}.${forged}.${signature}`, 'gmail')).resolves.toMatchObject({ reason: 'invalid' });
    const otherSecret = new OAuthStates({ ...options, secret: 'y'.repeat(40) });
    await expect(otherSecret.verify(token, 'gmail')).resolves.toMatchObject({ reason: 'invalid' });
    const otherAudience = new OAuthStates({ ...options, audience: 'mailwright-other' });
    await expect(otherAudience.verify(token, 'gmail')).resolves.toMatchObject({ reason: 'invalid' });
    await expect(states.verify('not-a-token', 'gmail')).resolves.toMatchObject({ reason: 'invalid' });
    await expect(states.verify(undefined, 'gmail')).resolves.toMatchObject({ reason: 'invalid' });
  });

  it('refuse a verifier sealed with a key it does not hold', async () => {
    const token = await new OAuthStates({ ...options, box: new SecretBox('c'.repeat(64)) }).sign(claims);
    await expect(states.verify(token, 'gmail')).resolves.toMatchObject({ reason: 'invalid' });
  });

  it('will not put a verifier in the state unsealed', async () => {
    const unsealed = new OAuthStates({ ...options, box: undefined });
    await expect(unsealed.sign(claims)).rejects.toThrow(/sealed/);
  });
});
