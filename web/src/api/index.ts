// The typed API client: import everything the screens call from here.
export { API_BASE, ApiError, type DownloadedFile, errorMessage, request, requestFile } from './client';
export {
  apiKeysApi,
  authApi,
  emailAccountsApi,
  emailsApi,
  paymentsApi,
  type SocialProvider,
  senderPoolsApi,
  suppressionsApi,
  templatesApi,
  webhooksApi,
} from './endpoints';
export type * from './types';
