// What infra/e2e/global-setup.ts provides to whole-stack tests through vitest `inject` (declared there
// too; repeated here so web's own typecheck knows the keys).
import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    gatewayUrl: string;
    sinkApiUrl: string;
    sinkSmtpPort: number;
    checkoutOrigin: string;
    databaseUrl: string;
    imapPort: number;
  }
}
