import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { invalid } from '@docs/platform';
import { TeamRole } from './team.decider';
import { OrganizationsReadModel } from '../organizations/organizations.read-model';
import { OrganizationCommand } from '../shared/organization-scope';
import { TeamWriter } from './team-writer';

export class UpdateTeamMembers extends OrganizationCommand<{
  teamId: string;
  /** User ids or e-mail addresses. */
  add: string[];
  remove: string[];
  /** Roles to set, by user id. */
  roles: ReadonlyMap<string, TeamRole>;
}> {}

const isEmail = (value: string) => value.includes('@');

/**
 * PUT /v1/orgs/{organizationId}/teams/{teamId}/members: admins and the team's owners. Entries of
 * `add` and `remove` are user ids or e-mail addresses of organization members; a user in both ends
 * up removed. An e-mail address in `add` that is no member's is answered 400.
 */
@CommandHandler(UpdateTeamMembers)
export class UpdateTeamMembersHandler implements ICommandHandler<UpdateTeamMembers> {
  constructor(
    private readonly teams: TeamWriter,
    private readonly organizations: OrganizationsReadModel,
  ) {}

  async execute({ props: { teamId, add, remove, roles }, scope }: UpdateTeamMembers): Promise<void> {
    const { organizationId } = scope;
    const byEmail = await this.userIdsByEmail(organizationId, [...add, ...remove].filter(isEmail));
    const unknown = add.filter((a) => isEmail(a) && !byEmail.has(a.toLowerCase()));
    if (unknown.length > 0) throw invalid(`add: not members of the organization: ${unknown.join(', ')}`);
    const resolve = (entries: string[]) =>
      entries.flatMap((e) => (!isEmail(e) ? [e] : byEmail.has(e.toLowerCase()) ? [byEmail.get(e.toLowerCase())!] : []));
    await this.teams.executeIn(teamId, { type: 'UpdateTeamMembers', add: resolve(add), remove: resolve(remove), roles }, scope);
  }

  private async userIdsByEmail(organizationId: string, addresses: string[]): Promise<Map<string, string>> {
    const emails = [...new Set(addresses.map((e) => e.toLowerCase()))];
    if (emails.length === 0) return new Map();
    const members = await this.organizations.membersWithEmails(organizationId, emails);
    return new Map(members.map((m) => [m.email.toLowerCase(), m.userId]));
  }
}
