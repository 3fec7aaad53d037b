import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext, ReadModels } from '@docs/platform';
import { TeamDoc } from '../projections/teams.projection';
import { TeamCommands, TeamReadAccess } from './team-commands';

export class RenameTeam extends Command<TeamDoc> {
  constructor(
    readonly organizationId: string,
    readonly teamId: string,
    readonly title: string,
    readonly ctx: CommandContext,
  ) {
    super();
  }
}

/** PATCH /v1/orgs/{organizationId}/teams/{teamId}: admins only. */
@CommandHandler(RenameTeam)
export class RenameTeamHandler implements ICommandHandler<RenameTeam> {
  constructor(
    private readonly teams: TeamCommands,
    private readonly reads: TeamReadAccess,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ organizationId, teamId, title, ctx }: RenameTeam): Promise<TeamDoc> {
    await this.teams.run(teamId, { type: 'RenameTeam', organizationId, title }, [], ctx);
    return this.reads.requireTeam(organizationId, teamId);
  }
}
