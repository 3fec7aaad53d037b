import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { createdId } from '@docs/platform';
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
    const { organizationId } = scope;
    const teamId = createdId(scope, 'team', organizationId);
    await this.teams.execute(teamId, { type: 'CreateTeam', organizationId, teamId, title, members }, scope);
    return this.read.team(organizationId, teamId);
  }
}
