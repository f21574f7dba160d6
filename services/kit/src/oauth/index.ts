// One OAuth module for every flow (identity's social sign-in, accounts' mailbox connect): state, PKCE,
// browser binding and its cookie, token endpoint requests and provider endpoints.
export * from './browser-binding';
export * from './fetch-json';
export * from './oauth-failure';
export * from './pkce';
export * from './providers';
export * from './scoped-cookie';
export * from './start-attempt';
export * from './state';
export * from './token-endpoint';
