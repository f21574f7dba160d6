// An env file as `kubectl create secret generic --from-env-file` reads it: KEY=value lines, blank lines and
// `#` comments skipped, the value taken as written (no quotes, no interpolation).

export function readSecretKeys(text: string): Record<string, string> {
  const keys: Record<string, string> = {};
  for (const raw of text.split('\n')) {
    const line = raw.trimStart();
    if (line === '' || line.startsWith('#')) continue;
    const equals = line.indexOf('=');
    if (equals <= 0) throw new Error(`env file line without KEY=: ${line}`);
    keys[line.slice(0, equals)] = line.slice(equals + 1);
  }
  return keys;
}
