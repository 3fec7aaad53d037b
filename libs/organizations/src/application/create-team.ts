import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext, idFromSeed, newId, ReadModels } from '@docs/platform';
import { TeamDoc } from '../projections/teams.projection';
import { TeamCommands } from './team-commands';

export class CreateTeam extends Command<TeamDoc> {
  constructor(
    readonly organizationId: string,
    readonly title: string,
    readonly members: string[],
    readonly ctx: CommandContext,
  ) {
    super();
  }
}

/** PUT /v1/orgs/{organizationId}/teams: admins only; `members` must be organization members. */
@CommandHandler(CreateTeam)
export class CreateTeamHandler implements ICommandHandler<CreateTeam> {
  constructor(
    private readonly teams: TeamCommands,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ organizationId, title, members, ctx }: CreateTeam): Promise<TeamDoc> {
    const teamId = ctx.idempotencyKey ? idFromSeed(`team:${organizationId}:${ctx.actor}:${ctx.idempotencyKey}`) : newId();
    await this.teams.run(teamId, { type: 'CreateTeam', organizationId, teamId, title, members }, members, ctx);
    return (await this.readModels.get<TeamDoc>('teams', teamId))!;
  }
}
