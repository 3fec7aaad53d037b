import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TeamDoc, TeamsReadModel } from '../projections/teams.read-model';
import { OrganizationCommand } from './organization-scope';
import { TeamWriter } from './team-writer';

export class CreateTeam extends OrganizationCommand<{ title: string; members: string[] }, TeamDoc> {}

/** PUT /v1/orgs/{organizationId}/teams: admins only; `members` must be organization members. */
@CommandHandler(CreateTeam)
export class CreateTeamHandler implements ICommandHandler<CreateTeam> {
  constructor(
    private readonly teams: TeamWriter,
    private readonly read: TeamsReadModel,
  ) {}

  async execute({ props: { title, members }, scope }: CreateTeam): Promise<TeamDoc> {
    const teamId = scope.createdId('team');
    await this.teams.executeIn(teamId, { type: 'CreateTeam', teamId, title, members }, scope);
    return this.read.team(scope.organizationId, teamId);
  }
}
