/** The cost a PHC-format argon2 hash records ($argon2id$v=19$m=…,t=…,p=…$salt$hash), by parameter, in any order. */
export const costOf = (hash: string): Record<string, string> =>
  Object.fromEntries((hash.split('$')[3] ?? '').split(',').map((pair) => pair.split('=')));
