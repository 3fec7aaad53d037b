import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SpaceRole } from '../domain/space-roles';
import { SpaceGrants } from './space-grants';
import { SpaceCommand } from './space-scope';

export class UpdateUserPermissionInSpace extends SpaceCommand<{ userId: string; role: SpaceRole | null | undefined }> {}

/** PATCH /v1/spaces/{spaceId}/permissions/users/{userId}: space admins change a user's direct grant (null removes it); 404 without one. */
@CommandHandler(UpdateUserPermissionInSpace)
export class UpdateUserPermissionInSpaceHandler implements ICommandHandler<UpdateUserPermissionInSpace> {
  constructor(private readonly grants: SpaceGrants) {}

  execute({ props: { userId, role }, scope }: UpdateUserPermissionInSpace): Promise<void> {
    return this.grants.change(scope, 'user', userId, role);
  }
}
