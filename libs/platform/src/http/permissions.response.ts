import { Type } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';

/**
 * The documented form of an API object's `permissions`: one boolean flag per action, with what
 * it allows. Extend it, so the schema is named after the subclass:
 *
 *   export class TeamPermissions extends Permissions({ admin: 'Can the caller manage the team', view: 'Can the caller view it' }) {}
 */
export function Permissions<K extends string>(flags: Record<K, string>): Type<Record<K, boolean>> {
  class PermissionFlags {}
  for (const [flag, description] of Object.entries<string>(flags))
    ApiProperty({ type: Boolean, description })(PermissionFlags.prototype, flag);
  return PermissionFlags as Type<Record<K, boolean>>;
}
