import * as crypto from 'node:crypto';
import { createHash, randomBytes } from 'node:crypto';

/** One-shot hashing (Node >= 20.12) skips creating a Hash object per call. */
const oneShot = (crypto as { hash?: (algorithm: string, data: string, encoding: 'hex') => string }).hash;

/** API tokens are random secrets; only their SHA-256 hash is ever stored. */
export function newTokenSecret(): string {
  return `gb_api_${randomBytes(32).toString('base64url')}`;
}

export function hashToken(secret: string): string {
  return oneShot ? oneShot('sha256', secret, 'hex') : createHash('sha256').update(secret, 'utf8').digest('hex');
}
