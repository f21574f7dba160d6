// Replies of the intake's own that the other services never send (the shared ones are contracts'
// SMTP_INTAKE_MESSAGES).
export const INTAKE_TEXTS = {
  signInThrottled: 'Too many failed sign-ins from your address: try again later',
  transferTooLong: 'Message transfer took too long',
} as const;
