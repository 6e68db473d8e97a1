import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random secret for a link or a session; only its hash is ever stored. */
export const newSecretToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export const sameHash = (a: string, b: string): boolean =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
