import { ApiProperty } from '@nestjs/swagger';
import { ApiObject, Count, DateTime, OptionalDateTime } from '@docs/platform';
import { RoleOrGuest, ROLES_STRONGEST_FIRST } from '../shared/roles.domain';
import { UserResponse } from '../users/user.response';

/** GitBook's OrganizationMember (OrganizationsPresenter.member, TeamsPresenter.member). */
export class MemberResponse extends ApiObject('member', { description: "The member's user id" }) {
  @ApiProperty({ type: String, enum: ROLES_STRONGEST_FIRST, nullable: true, description: 'Role in the organization; null for guests' })
  role!: RoleOrGuest;

  @ApiProperty({ type: () => UserResponse })
  user!: UserResponse;

  @ApiProperty({ type: Boolean, description: 'Whether the membership is disabled (no access to content)' })
  disabled!: boolean;

  @DateTime('When the user joined the organization')
  joinedAt!: string;

  @OptionalDateTime('When the member was last seen (POST .../ping); absent if never')
  lastSeenAt?: string;

  @ApiProperty({ type: Boolean, description: 'Whether the member signs in with SSO' })
  sso!: boolean;

  @Count('spaces the member can reach')
  spaces!: number;

  @Count('teams the member belongs to')
  teams!: number;

  @Count('sites the member can reach')
  sites!: number;
}

/** POST /v1/orgs/{organizationId}/ping */
export class PingResponse {
  @ApiProperty({
    type: String,
    description: 'A JWT (HS256, one hour) naming the caller (sub) and the organization (org), to attach to the visitor',
  })
  serviceVisitorClaims!: string;

  @ApiProperty({ type: String, description: "The same token under the name GitBook's document gives it" })
  gitbookVisitorClaims!: string;
}
