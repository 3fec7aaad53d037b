import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext, invalid, ReadModels } from '@docs/platform';
import { TeamRole } from '../domain/team';
import { MemberDoc } from '../projections/read-model-types';
import { TeamCommands } from './team-commands';

export class UpdateTeamMembers extends Command<void> {
  constructor(
    readonly organizationId: string,
    readonly teamId: string,
    /** User ids or e-mail addresses. */
    readonly add: string[],
    readonly remove: string[],
    /** Roles to set, by user id. */
    readonly memberships: ReadonlyMap<string, TeamRole>,
    readonly ctx: CommandContext,
  ) {
    super();
  }
}

export class SetTeamMember extends Command<void> {
  constructor(
    readonly organizationId: string,
    readonly teamId: string,
    readonly userId: string,
    readonly role: TeamRole,
    readonly ctx: CommandContext,
  ) {
    super();
  }
}

export class RemoveTeamMember extends Command<void> {
  constructor(
    readonly organizationId: string,
    readonly teamId: string,
    readonly userId: string,
    readonly ctx: CommandContext,
  ) {
    super();
  }
}

const isEmail = (value: string) => value.includes('@');

/**
 * PUT /v1/orgs/{organizationId}/teams/{teamId}/members: admins and the team's owners. Entries of
 * `add` and `remove` are user ids or e-mail addresses of organization members; a user in both ends
 * up removed. An e-mail address in `add` that is no member's is answered 400.
 */
@CommandHandler(UpdateTeamMembers)
export class UpdateTeamMembersHandler implements ICommandHandler<UpdateTeamMembers> {
  constructor(
    private readonly teams: TeamCommands,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ organizationId, teamId, add, remove, memberships, ctx }: UpdateTeamMembers): Promise<void> {
    const emails = [...new Set([...add, ...remove].filter(isEmail).map((e) => e.toLowerCase()))];
    const byEmail = new Map<string, string>();
    if (emails.length > 0) {
      const found = await this.readModels.find<MemberDoc>('members', {
        where: [{ field: 'organizationId', op: 'eq', value: organizationId }, { field: 'email', op: 'in', values: emails }],
        limit: emails.length + 10,
      });
      for (const m of found.items) byEmail.set(m.email.toLowerCase(), m.userId);
    }
    const unknown = add.filter((a) => isEmail(a) && !byEmail.has(a.toLowerCase()));
    if (unknown.length > 0) throw invalid(`add: not members of the organization: ${unknown.join(', ')}`);
    const resolve = (entries: string[]) => entries.flatMap((e) => (isEmail(e) ? (byEmail.has(e.toLowerCase()) ? [byEmail.get(e.toLowerCase())!] : []) : [e]));
    const addIds = resolve(add);
    const removeIds = resolve(remove);
    await this.teams.run(
      teamId,
      { type: 'ChangeTeamMembers', organizationId, add: addIds, remove: removeIds, roles: memberships },
      [...addIds, ...removeIds, ...memberships.keys()],
      ctx,
    );
  }
}

/** PUT /v1/orgs/{organizationId}/teams/{teamId}/members/{userId}: adds the member or changes their role. */
@CommandHandler(SetTeamMember)
export class SetTeamMemberHandler implements ICommandHandler<SetTeamMember> {
  constructor(private readonly teams: TeamCommands) {}

  async execute({ organizationId, teamId, userId, role, ctx }: SetTeamMember): Promise<void> {
    await this.teams.run(teamId, { type: 'SetTeamMember', organizationId, userId, role }, [userId], ctx);
  }
}

/** DELETE /v1/orgs/{organizationId}/teams/{teamId}/members/{userId}. */
@CommandHandler(RemoveTeamMember)
export class RemoveTeamMemberHandler implements ICommandHandler<RemoveTeamMember> {
  constructor(private readonly teams: TeamCommands) {}

  async execute({ organizationId, teamId, userId, ctx }: RemoveTeamMember): Promise<void> {
    await this.teams.run(teamId, { type: 'RemoveTeamMember', organizationId, userId }, [userId], ctx);
  }
}
