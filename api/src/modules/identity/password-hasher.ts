import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id minimum: 19 MiB of memory, 2 passes, 1 lane. The algorithm is the library's default,
// argon2id (its `Algorithm` is a const enum, which isolatedModules cannot import); a test checks the prefix.
const argon2Options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a wrong password; with no hash (unknown user) it still spends the time a real check takes. */
  verify(passwordHash: string | null | undefined, password: string): Promise<boolean>;
}

export function createPasswordHasher(): PasswordHasher {
  const hashPassword = (password: string) => hash(password, argon2Options);
  // Checked against when there is no user, so "unknown email" and "wrong password" take the same time. Made
  // now rather than on first use, which would make the first unknown email slower than the rest.
  const dummyHash = hashPassword(randomBytes(32).toString('base64url'));

  return {
    hash: hashPassword,
    async verify(passwordHash, password) {
      if (!passwordHash) {
        await verify(await dummyHash, password).catch(() => false);
        return false;
      }
      return verify(passwordHash, password).catch(() => false);
    },
  };
}
