import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { RoleOrGuest } from '../domain/roles';
import { OrganizationsReadModel } from '../projections/organizations.read-model';
import { MemberView, MemberViews } from './member-views';
import { OrganizationCommand } from './organization-scope';
import { OrganizationWriter } from './organization-writer';

export class UpdateMember extends OrganizationCommand<{
    userId: string;
    /** undefined: unchanged; null: guest. */
    role?: RoleOrGuest;
  }, MemberView> {}

/** PATCH /v1/orgs/{organizationId}/members/{userId}: admins only; the last admin cannot be demoted (409). */
@CommandHandler(UpdateMember)
export class UpdateMemberHandler implements ICommandHandler<UpdateMember> {
  constructor(
    private readonly organizations: OrganizationWriter,
    private readonly read: OrganizationsReadModel,
    private readonly views: MemberViews,
  ) {}

  async execute({ props: { userId, role }, scope }: UpdateMember): Promise<MemberView> {
    const { organizationId } = scope;
    await this.organizations.execute(organizationId, { type: 'UpdateMember', organizationId, actorId: scope.actor, userId, role }, scope);
    if (userId !== scope.actor) return this.views.of(await this.read.member(organizationId, userId));
    // The caller changed their own membership: the scope looks it up again.
    scope.refresh();
    return this.views.of(await scope.member());
  }
}
