import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsOptional, isEmail, ValidateBy, ValidateIf } from 'class-validator';
import { IsOptionalNotNull, NotServed } from '@docs/platform';
import { Role } from '@docs/kernel';
import { ROLES_STRONGEST_FIRST } from '../shared/roles.domain';

const ROLE_MESSAGE = `must be one of ${ROLES_STRONGEST_FIRST.join(', ')} or null`;
export const MAX_INVITED_EMAILS = 100;
const MAX_EMAIL_LENGTH = 254;

const validEmail = (value: unknown): value is string => typeof value === 'string' && value.length <= MAX_EMAIL_LENGTH && isEmail(value);

/** What is wrong with each entry of `emails`: an e-mail address, or `{ email, role }` (role null: guest). */
export function inviteeErrors(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item, i) => {
    if (typeof item === 'string') return validEmail(item) ? [] : [`emails[${i}] must be an e-mail address`];
    if (item === null || typeof item !== 'object' || Array.isArray(item))
      return [`emails[${i}] must be an e-mail address or an object { email, role }`];
    const errors = Object.keys(item)
      .filter((k) => k !== 'email' && k !== 'role')
      .map((k) => `emails[${i}]: property ${k} should not exist`);
    if (!validEmail((item as { email?: unknown }).email)) errors.push(`emails[${i}].email must be an e-mail address`);
    const role = (item as { role?: unknown }).role;
    if (role !== null && !(ROLES_STRONGEST_FIRST as readonly unknown[]).includes(role)) errors.push(`emails[${i}].role ${ROLE_MESSAGE}`);
    return errors;
  });
}

const IsInviteeList = () =>
  ValidateBy({
    name: 'isInviteeList',
    validator: {
      validate: (value) => inviteeErrors(value).length === 0,
      defaultMessage: (args) => inviteeErrors(args?.value).join('; '),
    },
  });

/** POST /v1/orgs/{organizationId}/invites (GitBook's InviteUsersToOrganization). */
export class InviteUsersBody {
  @ApiProperty({
    description: 'E-mail addresses, or { email, role } objects (role null: guest)',
    type: 'array',
    items: {
      oneOf: [
        { type: 'string', format: 'email' },
        {
          type: 'object',
          properties: {
            email: { type: 'string', format: 'email' },
            role: { type: 'string', enum: [...ROLES_STRONGEST_FIRST], nullable: true },
          },
          required: ['email', 'role'],
        },
      ],
    },
    minItems: 1,
    maxItems: MAX_INVITED_EMAILS,
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_INVITED_EMAILS)
  // The body's own entries: class-transformer's copy silently drops keys named like Object.prototype members.
  @Transform(({ obj }) => (obj as { emails?: unknown }).emails)
  @IsInviteeList()
  emails!: (string | { email: string; role: Role | null })[];

  @ApiPropertyOptional({
    enum: ROLES_STRONGEST_FIRST,
    nullable: true,
    description: "Role of invited people whose entry names none; default: the organization's defaultRole",
  })
  @IsOptional()
  @IsIn([...ROLES_STRONGEST_FIRST], { message: `role ${ROLE_MESSAGE}` })
  role?: Role | null;

  @ApiPropertyOptional({ description: 'Invite the people as SSO members' })
  @IsOptionalNotNull()
  @IsBoolean()
  sso?: boolean;
}

/** PATCH /v1/orgs/{organizationId}/link-invites/{inviteId} (GitBook's UpdateInviteToOrganization), and what creating takes too. */
export class LinkInviteBody {
  @ApiProperty({ enum: ROLES_STRONGEST_FIRST, nullable: true, description: 'Role of the people joining with the link; null: guest' })
  @ValidateIf((body: LinkInviteBody) => body.role !== null)
  @IsIn([...ROLES_STRONGEST_FIRST], { message: `role is required and ${ROLE_MESSAGE}` })
  role!: Role | null;

  @NotServed('level', 'a link invite makes its people members of the organization with role; it grants no space or collection level')
  level?: unknown;
}

/** POST /v1/orgs/{organizationId}/link-invites (GitBook's CreateInviteToOrganization). */
export class CreateLinkInviteBody extends LinkInviteBody {
  @NotServed('space', 'link invites join the organization, not one space')
  space?: unknown;

  @NotServed('collection', 'link invites join the organization, not one collection')
  collection?: unknown;
}
