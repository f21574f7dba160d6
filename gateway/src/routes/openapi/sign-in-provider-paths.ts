// Social sign-in is public for three providers only (contracts publicRoutes), and `/api/auth/{provider}/callback`
// would also match `/api/auth/verify-email/{token}`: the document lists each provider's own paths instead.
import { accessFor } from '../access-rules';

export const SIGN_IN_PROVIDERS = ['google', 'github', 'microsoft'] as const;

const TEMPLATE = /^\/api\/auth\/\{provider\}(\/callback)?$/;

/** The concrete public paths for a templated sign-in path, or null when `path` is not one. */
export function signInProviderPaths(path: string): string[] | null {
  if (!TEMPLATE.test(path)) return null;
  return SIGN_IN_PROVIDERS.map((provider) => path.replace('{provider}', provider)).filter(
    (concrete) => accessFor('GET', concrete) === 'public',
  );
}
