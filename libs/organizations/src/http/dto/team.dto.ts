import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize, IsArray, IsIn, IsOptional, IsString, Length, MaxLength, registerDecorator, ValidationArguments,
} from 'class-validator';
import { IsOptionalNotNull, PageQuery } from '@docs/platform';
import { TEAM_ROLES, TeamRole } from '../../domain/team';

const MAX_IDS = 1000;

export class CreateTeamBody {
  @ApiProperty({ minLength: 1, maxLength: 64 })
  @IsString()
  @Length(1, 64)
  title!: string;

  @ApiPropertyOptional({ type: [String], description: 'User ids of organization members' })
  @IsOptionalNotNull()
  @IsArray()
  @ArrayMaxSize(MAX_IDS)
  @IsString({ each: true })
  @Length(1, 255, { each: true, message: 'members must contain user ids (1 to 255 characters)' })
  members?: string[];
}

export class RenameTeamBody {
  @ApiProperty({ minLength: 1, maxLength: 64 })
  @IsString()
  @Length(1, 64)
  title!: string;
}

export class ListTeamsQuery extends PageQuery {
  @ApiPropertyOptional({ description: 'Member id: only the teams this member can manage' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  owner?: string;

  @ApiPropertyOptional({ description: 'Case-insensitive substring of the team title' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  title?: string;
}

export class ListMemberTeamsQuery extends PageQuery {
  @ApiPropertyOptional({ description: 'Case-insensitive substring of the team title' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  title?: string;
}

/** `memberships`: an object from user id to `{ role: owner | member }`, nothing else. */
function IsMembershipMap() {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: 'isMembershipMap',
      target: object.constructor,
      propertyName,
      validator: {
        validate(value: unknown) {
          if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
          const entries = Object.entries(value);
          if (entries.length > MAX_IDS) return false;
          return entries.every(
            ([key, v]) =>
              key.length > 0 && key.length <= 255 &&
              typeof v === 'object' && v !== null && !Array.isArray(v) &&
              Object.keys(v).length === 1 && TEAM_ROLES.includes((v as { role?: unknown }).role as TeamRole),
          );
        },
        defaultMessage: (args?: ValidationArguments) =>
          `${args?.property ?? 'memberships'} must be an object from user id to { "role": "owner" | "member" } (at most ${MAX_IDS} entries)`,
      },
    });
}

export class UpdateTeamMembersBody {
  @ApiPropertyOptional({ type: [String], description: 'User ids or e-mail addresses to add' })
  @IsOptionalNotNull()
  @IsArray()
  @ArrayMaxSize(MAX_IDS)
  @IsString({ each: true })
  @Length(1, 255, { each: true, message: 'add must contain user ids or e-mail addresses (1 to 255 characters)' })
  add?: string[];

  @ApiPropertyOptional({ type: [String], description: 'User ids or e-mail addresses to remove' })
  @IsOptionalNotNull()
  @IsArray()
  @ArrayMaxSize(MAX_IDS)
  @IsString({ each: true })
  @Length(1, 255, { each: true, message: 'remove must contain user ids or e-mail addresses (1 to 255 characters)' })
  remove?: string[];

  @ApiPropertyOptional({ type: 'object', additionalProperties: { type: 'object', properties: { role: { enum: [...TEAM_ROLES] } } } })
  @IsOptionalNotNull()
  // The body's own object: class-transformer's copy silently drops keys named like Object.prototype members.
  @Transform(({ obj }) => (obj as { memberships?: unknown }).memberships)
  @IsMembershipMap()
  memberships?: Record<string, { role: TeamRole }>;
}

export class SetTeamMemberBody {
  @ApiPropertyOptional({ enum: TEAM_ROLES, default: 'member' })
  @IsOptionalNotNull()
  @IsIn(TEAM_ROLES as unknown as string[], { message: `role must be one of ${TEAM_ROLES.join(', ')}` })
  role?: TeamRole;
}
