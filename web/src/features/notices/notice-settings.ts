// Notice timings and limits (spec sections 8 and 9).
export const MAX_VISIBLE_NOTICES = 20;
export const PLAIN_NOTICE_MS = 4000;
export const ERROR_NOTICE_MS = 4000;
export const SUCCESS_NOTICE_MS = 2000;
/** Login's handed-over message and the requiresVerification error stay longer. */
export const LONG_NOTICE_MS = 5000;
