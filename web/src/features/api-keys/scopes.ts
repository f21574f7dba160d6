// What each API key scope lets a key do, in the words of the API Keys screen.
import type { ApiKeyScope } from '../../api';

export const SCOPE_CHOICES: ReadonlyArray<{ scope: ApiKeyScope; label: string }> = [
  { scope: 'send', label: 'Send emails' },
  { scope: 'read', label: 'Read emails' },
];

export const labelOfScope = (scope: ApiKeyScope) => SCOPE_CHOICES.find((choice) => choice.scope === scope)?.label ?? scope;
