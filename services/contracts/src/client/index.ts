// The typed API client: `import { MailwrightClient } from '@mailwright/contracts/client'`.
export * from './mailwright-client';
