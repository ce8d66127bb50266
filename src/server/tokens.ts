/**
 * Access tokens and ids. A token is 256 random bits; only its sha256 is stored, so a leaked
 * database does not hand out access. Ids are 96 random bits: unguessable, but not secrets.
 */
import { createHash, randomBytes } from 'node:crypto';

export const TOKEN_PREFIX = { gm: 'skg_', player: 'skp_', invite: 'ski_' } as const;

export function newToken(kind: keyof typeof TOKEN_PREFIX): string {
  return TOKEN_PREFIX[kind] + randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function newId(prefix: string): string {
  return prefix + randomBytes(12).toString('base64url');
}

export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
