import fc from 'fast-check';
import { DomainError } from '@docs/platform';

/** The 403 a signed link's verify throws, with its message. */
export function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).kind).toBe('forbidden');
    return (error as DomainError).message;
  }
  throw new Error('expected a 403');
}

/** The JSON object a token carries. */
export const payloadOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));

/** The token carrying `payload` instead, with its signature unchanged (so it no longer matches). */
export const withPayload = (token: string, payload: object) => {
  const [version, , signature] = token.split('.');
  return `${version}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${signature}`;
};

/**
 * Property: `verify` answers every string but `token` with a 403 and throws nothing else: any text,
 * and near misses of `token` (another signature, another payload, any JSON under its signature).
 */
export function expectOnly403s(token: string, verify: (candidate: string) => unknown): void {
  const [, payload, signature] = token.split('.') as [string, string, string];
  const b64 = fc.stringMatching(/^[A-Za-z0-9_-]{0,80}$/);
  const input = fc.oneof(
    fc.string({ maxLength: 200 }),
    fc.string({ unit: 'grapheme', maxLength: 100 }),
    fc.tuple(b64, b64).map(([a, b]) => `v1.${a}.${b}`),
    b64.map((sig) => `v1.${payload}.${sig}`),
    b64.map((body) => `v1.${body}.${signature}`),
    fc.json().map((json) => `v1.${Buffer.from(json).toString('base64url')}.${signature}`),
  );
  fc.assert(
    fc.property(input, (candidate) => {
      fc.pre(candidate !== token);
      refusal(() => verify(candidate));
    }),
    { numRuns: 2000 },
  );
}
