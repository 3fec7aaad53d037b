import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SpaceGrants } from './space-grants';
import { SpaceCommand } from './space-scope';

export class RemoveUserFromSpace extends SpaceCommand<{ userId: string }> {}

/** DELETE /v1/spaces/{spaceId}/permissions/users/{userId}: space admins remove a user's direct grant; 404 without one. */
@CommandHandler(RemoveUserFromSpace)
export class RemoveUserFromSpaceHandler implements ICommandHandler<RemoveUserFromSpace> {
  constructor(private readonly grants: SpaceGrants) {}

  execute({ props: { userId }, scope }: RemoveUserFromSpace): Promise<void> {
    return this.grants.change(scope, 'user', userId, null);
  }
}
