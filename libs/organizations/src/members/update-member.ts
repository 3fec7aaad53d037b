import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { RoleOrGuest } from '../shared/roles.domain';
import { MemberView, MemberViews } from './member-views';
import { OrganizationCommand } from '../shared/organization-scope';
import { OrganizationWriter } from '../organizations/organization-writer';

export class UpdateMember extends OrganizationCommand<
  {
    userId: string;
    /** undefined: unchanged; null: guest. */
    role?: RoleOrGuest;
  },
  MemberView
> {}

/** PATCH /v1/orgs/{organizationId}/members/{userId}: admins only; the last admin cannot be demoted (409). */
@CommandHandler(UpdateMember)
export class UpdateMemberHandler implements ICommandHandler<UpdateMember> {
  constructor(
    private readonly organizations: OrganizationWriter,
    private readonly views: MemberViews,
  ) {}

  async execute({ props: { userId, role }, scope }: UpdateMember): Promise<MemberView> {
    await this.organizations.executeIn({ type: 'UpdateMember', userId, role }, scope);
    return this.views.changed(scope, userId);
  }
}
