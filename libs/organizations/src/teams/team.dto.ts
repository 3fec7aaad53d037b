import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsString, Length, registerDecorator, ValidationArguments } from 'class-validator';
import { IsOptionalNotNull, OptionalText, PageQuery, Stacked, IsOneOf } from '@docs/platform';
import { TEAM_ROLES, TeamRole } from './team.decider';

const MAX_IDS = 1000;

/** An optional list of at most MAX_IDS `what` (as the 400 message calls them), each of 1 to 255 characters. */
const IdList = (what: string) =>
  Stacked(
    IsOptionalNotNull(),
    IsArray(),
    ArrayMaxSize(MAX_IDS),
    IsString({ each: true }),
    Length(1, 255, { each: true, message: `$property must contain ${what} (1 to 255 characters)` }),
  );

/** What creating and renaming a team both set. */
class TeamTitle {
  @ApiProperty({ minLength: 1, maxLength: 64 })
  @IsString()
  @Length(1, 64)
  title!: string;
}

export class CreateTeamBody extends TeamTitle {
  @ApiPropertyOptional({ type: [String], description: 'User ids of organization members' })
  @IdList('user ids')
  members?: string[];
}

export class RenameTeamBody extends TeamTitle {}

/** What both lists of teams filter on. */
class TeamTitleFilter extends PageQuery {
  @OptionalText(64, { description: 'Case-insensitive substring of the team title' })
  title?: string;
}

export class ListTeamsQuery extends TeamTitleFilter {
  @OptionalText(255, { description: 'Member id: only the teams this member can manage' })
  owner?: string;
}

export class ListMemberTeamsQuery extends TeamTitleFilter {}

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
              key.length > 0 &&
              key.length <= 255 &&
              typeof v === 'object' &&
              v !== null &&
              !Array.isArray(v) &&
              Object.keys(v).length === 1 &&
              TEAM_ROLES.includes((v as { role?: unknown }).role as TeamRole),
          );
        },
        defaultMessage: (args?: ValidationArguments) =>
          `${args?.property ?? 'memberships'} must be an object from user id to { "role": "owner" | "member" ` +
          `} (at most ${MAX_IDS} entries)`,
      },
    });
}

export class UpdateTeamMembersBody {
  @ApiPropertyOptional({ type: [String], description: 'User ids or e-mail addresses to add' })
  @IdList('user ids or e-mail addresses')
  add?: string[];

  @ApiPropertyOptional({ type: [String], description: 'User ids or e-mail addresses to remove' })
  @IdList('user ids or e-mail addresses')
  remove?: string[];

  @ApiPropertyOptional({
    type: 'object',
    maxProperties: MAX_IDS,
    description: 'From user id (1 to 255 characters) to the role the user gets in the team',
    additionalProperties: {
      type: 'object',
      properties: { role: { type: 'string', enum: [...TEAM_ROLES] } },
      required: ['role'],
      additionalProperties: false,
    },
  })
  @IsOptionalNotNull()
  // The body's own object: class-transformer's copy silently drops keys named like Object.prototype members.
  @Transform(({ obj }) => (obj as { memberships?: unknown }).memberships)
  @IsMembershipMap()
  memberships?: Record<string, { role: TeamRole }>;
}

export class SetTeamMemberBody {
  @ApiPropertyOptional({ enum: TEAM_ROLES, default: 'member' })
  @IsOptionalNotNull()
  @IsOneOf('role', TEAM_ROLES)
  role?: TeamRole;
}
