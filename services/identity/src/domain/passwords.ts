// argon2id password hashing at the cost the operator configured. Verifying against a dummy hash when there is no
// user keeps timing alike. A hash carries its own cost, so hashes made at another cost still verify; a successful
// sign-in rehashes them at the configured one (log-in.ts).
import argon2 from 'argon2';

/** argon2id's cost for new hashes (config.ts PASSWORD_HASH_*). */
export interface PasswordHashCost {
  memoryKib: number;
  iterations: number;
  parallelism: number;
}

/** OWASP's minimum for argon2id (19 MiB, 2 passes, 1 lane): the least identity accepts (config.ts). */
export const OWASP_MINIMUM_COST: PasswordHashCost = { memoryKib: 19_456, iterations: 2, parallelism: 1 };

export class Passwords {
  private readonly options: { memoryCost: number; timeCost: number; parallelism: number };
  private dummyHash: Promise<string> | undefined;

  constructor(cost: PasswordHashCost) {
    this.options = { memoryCost: cost.memoryKib, timeCost: cost.iterations, parallelism: cost.parallelism };
  }

  static fromConfig(config: {
    PASSWORD_HASH_MEMORY_KIB: number;
    PASSWORD_HASH_ITERATIONS: number;
    PASSWORD_HASH_PARALLELISM: number;
  }): Passwords {
    return new Passwords({
      memoryKib: config.PASSWORD_HASH_MEMORY_KIB,
      iterations: config.PASSWORD_HASH_ITERATIONS,
      parallelism: config.PASSWORD_HASH_PARALLELISM,
    });
  }

  hash(password: string): Promise<string> {
    return argon2.hash(password, { type: argon2.argon2id, ...this.options });
  }

  /** True when `hash` was made at another cost or not with argon2id (argon2.needsRehash compares only the cost). */
  needsRehash(hash: string): boolean {
    return !hash.startsWith('$argon2id$') || argon2.needsRehash(hash, this.options);
  }

  /** True only when `hash` exists and matches; with no hash it still spends the time of one verification. */
  async verify(hash: string | null | undefined, password: string): Promise<boolean> {
    if (!hash) {
      this.dummyHash ??= this.hash('not-a-real-password-for-timing');
      await argon2.verify(await this.dummyHash, password).catch(() => false);
      return false;
    }
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  }
}
