import { Module } from '@nestjs/common';
import { CreateTeamHandler } from './application/create-team';
import { DeleteTeamHandler } from './application/delete-team';
import { GetTeamHandler } from './application/get-team';
import { ListMemberTeamsHandler } from './application/list-member-teams';
import { ListTeamMembersHandler } from './application/list-team-members';
import { ListTeamsHandler } from './application/list-teams';
import { RemoveTeamMemberHandler } from './application/remove-team-member';
import { RenameTeamHandler } from './application/rename-team';
import { SetTeamMemberHandler } from './application/set-team-member';
import { TeamWriter } from './application/team-writer';
import { UpdateTeamMembersHandler } from './application/update-team-members';
import { TeamsController } from './http/teams.controller';
import { OrganizationCoreModule } from './shared/organization-core.module';

/** Teams of an organization and their members. */
@Module({
  imports: [OrganizationCoreModule],
  controllers: [TeamsController],
  providers: [
    TeamWriter,
    CreateTeamHandler, RenameTeamHandler, DeleteTeamHandler, UpdateTeamMembersHandler, SetTeamMemberHandler, RemoveTeamMemberHandler,
    ListTeamsHandler, GetTeamHandler, ListTeamMembersHandler, ListMemberTeamsHandler,
  ],
})
export class TeamsModule {}
