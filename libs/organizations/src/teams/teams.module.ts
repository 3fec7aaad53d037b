import { Module } from '@nestjs/common';
import { CreateTeamHandler } from './create-team';
import { DeleteTeamHandler } from './delete-team';
import { GetTeamHandler } from './get-team';
import { ListMemberTeamsHandler } from './list-member-teams';
import { ListTeamMembersHandler } from './list-team-members';
import { ListTeamsHandler } from './list-teams';
import { RemoveTeamMemberHandler } from './remove-team-member';
import { RenameTeamHandler } from './rename-team';
import { SetTeamMemberHandler } from './set-team-member';
import { TeamWriter } from './team-writer';
import { UpdateTeamMembersHandler } from './update-team-members';
import { TeamsController } from './teams.controller';
import { OrganizationCoreModule } from '../shared/organization-core.module';

/** Teams of an organization and their members. */
@Module({
  imports: [OrganizationCoreModule],
  controllers: [TeamsController],
  providers: [
    TeamWriter,
    CreateTeamHandler,
    RenameTeamHandler,
    DeleteTeamHandler,
    UpdateTeamMembersHandler,
    SetTeamMemberHandler,
    RemoveTeamMemberHandler,
    ListTeamsHandler,
    GetTeamHandler,
    ListTeamMembersHandler,
    ListMemberTeamsHandler,
  ],
})
export class TeamsModule {}
