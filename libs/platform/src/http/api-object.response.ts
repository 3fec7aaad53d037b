import { Type } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { DateTime } from './fields.response';

/**
 * The documented start of an API object: `object`, the kind of object it is (every GitBook object
 * names its own), and its `id`. Extend it, so the schema is named after the subclass:
 *
 *   export class TeamResponse extends ApiObject('team', { description: 'Unique identifier for the team' }) { ... }
 */
export function ApiObject<K extends string>(kind: K, id: { description?: string; format?: string } = {}): Type<{ object: K; id: string }> {
  class KindAndId {}
  ApiProperty({ type: String, enum: [kind] })(KindAndId.prototype, 'object');
  ApiProperty({ type: String, ...id })(KindAndId.prototype, 'id');
  return KindAndId as Type<{ object: K; id: string }>;
}

/** `ApiObject` with the `createdAt` and `updatedAt` (ISO 8601 UTC) that changeable objects carry. */
export function ApiTimestampedObject<K extends string>(
  kind: K,
  id: { description?: string; format?: string } = {},
): Type<{ object: K; id: string; createdAt: string; updatedAt: string }> {
  class Timestamped extends ApiObject(kind, id) {}
  DateTime('When it was created')(Timestamped.prototype, 'createdAt');
  DateTime('When it last changed')(Timestamped.prototype, 'updatedAt');
  return Timestamped as Type<{ object: K; id: string; createdAt: string; updatedAt: string }>;
}
