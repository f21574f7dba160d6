// The typed API client: import everything the screens call from here.
export { API_BASE, ApiError, errorMessage, request } from './client';
export {
  apiKeysApi,
  authApi,
  emailAccountsApi,
  emailsApi,
  paymentsApi,
  type SocialProvider,
  senderPoolsApi,
  templatesApi,
  webhooksApi,
} from './endpoints';
export type * from './types';
