import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TeamDoc, TeamsReadModel } from '../projections/teams.read-model';
import { OrganizationCommand } from './organization-scope';
import { TeamWriter } from './team-writer';

export class RenameTeam extends OrganizationCommand<{ teamId: string; title: string }, TeamDoc> {}

/** PATCH /v1/orgs/{organizationId}/teams/{teamId}: admins only. */
@CommandHandler(RenameTeam)
export class RenameTeamHandler implements ICommandHandler<RenameTeam> {
  constructor(
    private readonly teams: TeamWriter,
    private readonly read: TeamsReadModel,
  ) {}

  async execute({ props: { teamId, title }, scope }: RenameTeam): Promise<TeamDoc> {
    await this.teams.executeIn(teamId, { type: 'RenameTeam', title }, scope);
    return this.read.team(scope.organizationId, teamId);
  }
}
