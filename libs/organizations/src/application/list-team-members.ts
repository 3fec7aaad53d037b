import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { FindResult, ReadModels } from '@docs/platform';
import { MemberDoc, memberDocId } from '../projections/read-model-types';
import { TeamMemberDoc } from '../projections/teams.projection';
import { TeamReadAccess } from './team-commands';

export interface TeamMemberView {
  id: string;
  membership: TeamMemberDoc;
  member: MemberDoc;
}

export class ListTeamMembers extends Query<{ result: FindResult<TeamMemberView>; caller: MemberDoc }> {
  constructor(
    readonly organizationId: string,
    readonly teamId: string,
    readonly userId: string,
    readonly page: { after?: string; limit: number },
  ) {
    super();
  }
}

/** GET /v1/orgs/{organizationId}/teams/{teamId}/members, in the order they joined the team. */
@QueryHandler(ListTeamMembers)
export class ListTeamMembersHandler implements IQueryHandler<ListTeamMembers> {
  constructor(
    private readonly reads: TeamReadAccess,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ organizationId, teamId, userId, page }: ListTeamMembers) {
    const caller = await this.reads.requireReader(organizationId, userId);
    await this.reads.requireTeam(organizationId, teamId);
    const result = await this.readModels.find<TeamMemberDoc>('team_members', {
      where: [{ field: 'teamId', op: 'eq', value: teamId }],
      sort: { field: 'addedAt', direction: 'asc' },
      ...page,
    });
    const members = await this.readModels.getMany<MemberDoc>('members', result.items.map((m) => memberDocId(organizationId, m.userId)));
    const byUser = new Map(members.map((m) => [m.userId, m]));
    const items = result.items.flatMap((membership) => {
      const member = byUser.get(membership.userId);
      return member ? [{ id: membership.id, membership, member }] : [];
    });
    return { result: { ...result, items }, caller };
  }
}
