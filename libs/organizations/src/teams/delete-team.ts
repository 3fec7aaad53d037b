import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { OrganizationCommand } from '../shared/organization-scope';
import { TeamWriter } from './team-writer';

export class DeleteTeam extends OrganizationCommand<{ teamId: string }> {}

/** DELETE /v1/orgs/{organizationId}/teams/{teamId}: admins only; its memberships end with it. */
@CommandHandler(DeleteTeam)
export class DeleteTeamHandler implements ICommandHandler<DeleteTeam> {
  constructor(private readonly teams: TeamWriter) {}

  async execute({ props: { teamId }, scope }: DeleteTeam): Promise<void> {
    await this.teams.executeIn(teamId, { type: 'DeleteTeam' }, scope);
  }
}
