import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext } from '@docs/platform';
import { TeamCommands } from './team-commands';

export class DeleteTeam extends Command<void> {
  constructor(
    readonly organizationId: string,
    readonly teamId: string,
    readonly ctx: CommandContext,
  ) {
    super();
  }
}

/** DELETE /v1/orgs/{organizationId}/teams/{teamId}: admins only; its memberships end with it. */
@CommandHandler(DeleteTeam)
export class DeleteTeamHandler implements ICommandHandler<DeleteTeam> {
  constructor(private readonly teams: TeamCommands) {}

  async execute({ organizationId, teamId, ctx }: DeleteTeam): Promise<void> {
    await this.teams.run(teamId, { type: 'DeleteTeam', organizationId }, [], ctx);
  }
}
