import { InvalidCursorError, Scalar } from './query';

/** The keyset position of the last item of a page: its sort value and id. */
export interface CursorPosition {
  value: Scalar;
  id: string;
}

export function encodeCursor(position: CursorPosition): string {
  return Buffer.from(JSON.stringify([position.value, position.id]), 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): CursorPosition {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2 && typeof parsed[1] === 'string') {
      const value = parsed[0];
      if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) {
        return { value: value as Scalar, id: parsed[1] };
      }
    }
  } catch {
    // fall through: any undecodable cursor is a client error
  }
  throw new InvalidCursorError();
}
