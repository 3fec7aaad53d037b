import { MemberDoc } from '../organizations/organizations.read-model';

/**
 * How many spaces members and teams have: the `spaces` of GitBook's OrganizationMember and
 * OrganizationTeam. Spaces belong to the content context, downstream of this one, so organizations
 * states the question and content answers it (content's SpaceCountsModule, global, provides it).
 */
export abstract class SpaceCounts {
  /**
   * By user id: the active spaces each member can see, as GET .../members/{userId}/spaces lists
   * them (every space of the organization for a member with a role; for a guest, those granted
   * to them or to their teams).
   */
  abstract ofMembers(organizationId: string, members: readonly Pick<MemberDoc, 'userId' | 'role'>[]): Promise<ReadonlyMap<string, number>>;

  /** By team id: the active spaces granted to each team. */
  abstract ofTeams(organizationId: string, teamIds: readonly string[]): Promise<ReadonlyMap<string, number>>;
}
