import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// Algorithm is an ambient const enum, unusable under isolatedModules: 2 is Argon2id.
const ARGON2ID_ALGORITHM = 2;

// OWASP ASVS 5.0 / Password Storage Cheat Sheet minimum for argon2id: m=19 MiB, t=2, p=1.
const ARGON2ID = { algorithm: ARGON2ID_ALGORITHM, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID);
}

export async function verifyPassword({ hash: stored, password }: { hash: string; password: string }) {
  try {
    return await verify(stored, password);
  } catch {
    // A malformed stored hash is a failed sign-in, not a server error.
    return false;
  }
}

// No 0/o, 1/l/i: read out over the phone, a temporary password must not be misheard.
const READABLE = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A temporary password an admin reads out: three groups of four (about 59 bits), e.g. `kq7m-…`. */
export function temporaryPassword(): string {
  const groups = Array.from({ length: 3 }, () =>
    Array.from({ length: 4 }, () => READABLE[randomInt(READABLE.length)]).join(''),
  );
  return groups.join('-');
}
