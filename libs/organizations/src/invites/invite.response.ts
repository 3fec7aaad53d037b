import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ApiObject } from '@docs/platform';
import { RoleOrGuest, ROLES_STRONGEST_FIRST } from '../shared/roles.domain';

/** GitBook's InviteLinkToOrganization (OrganizationsPresenter.linkInvite). */
export class LinkInviteResponse extends ApiObject('invite', { description: 'Unique identifier for the invite link' }) {
  @ApiProperty({
    type: String,
    enum: ROLES_STRONGEST_FIRST,
    nullable: true,
    description: 'Role of the people who join with the link; null: guests',
  })
  role!: RoleOrGuest;

  @ApiProperty({ type: Boolean, description: 'The caller already holds everything the invite grants' })
  redundant!: boolean;
}

/** POST /v1/orgs/{organizationId}/invites */
export class InviteUsersResponse {
  @ApiProperty({ type: [String], description: 'Ids of the users who became members (people already members are left out)' })
  users!: string[];

  @ApiProperty({ type: Number, description: 'How many users became members' })
  invited!: number;

  @ApiPropertyOptional({ type: [String], description: 'With sso: true, the addresses not made SSO members (always empty here)' })
  failedSSOEmails?: string[];
}

/** POST /v1/orgs/{organizationId}/invites/{inviteId}: an empty object. */
export class JoinOrganizationResponse {}
