import { deleteResourceHandler } from '../shared/delete-resource';
import { OrganizationCommand } from '../shared/organization-scope';
import { TeamWriter } from './team-writer';

/** DELETE /v1/orgs/{organizationId}/teams/{teamId}: admins only; its memberships end with it. */
export class DeleteTeam extends OrganizationCommand<{ teamId: string }> {}

export const DeleteTeamHandler = deleteResourceHandler(DeleteTeam, TeamWriter, 'teamId', 'DeleteTeam');
