import { createHash, randomBytes } from 'node:crypto';

/** API tokens are random secrets; only their SHA-256 hash is ever stored. */
export function newTokenSecret(): string {
  return `gb_api_${randomBytes(32).toString('base64url')}`;
}

export function hashToken(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}
