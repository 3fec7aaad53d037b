import { createHash, randomBytes, randomUUID } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const ID_LENGTH = 20;

function toAlphabet(bytes: Buffer): string {
  let id = '';
  // 248 = 4 * 62: bytes below it map evenly onto the alphabet; the rest are skipped.
  for (const byte of bytes) {
    if (byte < 248) id += ALPHABET[byte % 62];
    if (id.length === ID_LENGTH) break;
  }
  return id;
}

/** A new opaque random identifier: 20 alphanumeric characters (about 119 bits). */
export function newId(): string {
  for (;;) {
    const id = toAlphabet(randomBytes(32));
    if (id.length === ID_LENGTH) return id;
  }
}

/** A stable identifier derived from a seed (used for Idempotency-Key retries). */
export function idFromSeed(seed: string): string {
  let bytes = createHash('sha256').update(seed).digest();
  let id = toAlphabet(bytes);
  while (id.length < ID_LENGTH) {
    bytes = createHash('sha256').update(bytes).digest();
    id = (id + toAlphabet(bytes)).slice(0, ID_LENGTH);
  }
  return id;
}

/** A UUID (v4 shape) derived from a seed: event ids must be UUIDs for EventStoreDB. */
export function uuidFromSeed(seed: string): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export { randomUUID };

/** The SHA-256 of a text, in hex: how content (page bodies, files) is addressed. */
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
