import { Role } from '@docs/kernel';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { invalid } from '@docs/platform';
import { SpaceGrants } from './space-grants';
import { SpaceCommand } from '../space-scope';

export class InviteToSpace extends SpaceCommand<{ role: Role | null; users: string[]; teams: string[] }> {}

/**
 * POST /v1/spaces/{spaceId}/permissions: space admins give organization members and teams of the
 * organization `role` in the space (null removes their grants). Anyone else named is a 400 naming them.
 */
@CommandHandler(InviteToSpace)
export class InviteToSpaceHandler implements ICommandHandler<InviteToSpace> {
  constructor(private readonly grants: SpaceGrants) {}

  async execute({ props: { role, users, teams }, scope }: InviteToSpace): Promise<void> {
    if (users.length === 0 && teams.length === 0) throw invalid('users, teams: name at least one user or team');
    await this.grants.set(scope, { users: new Map(users.map((id) => [id, role])), teams: new Map(teams.map((id) => [id, role])) });
  }
}
