import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { OrganizationsReadModel } from '../projections/organizations.read-model';
import { MemberView, MemberViews } from './member-views';
import { OrganizationCommand } from './organization-scope';
import { OrganizationWriter } from './organization-writer';

export class EnableMemberSso extends OrganizationCommand<{ userId: string }, MemberView> {}

/** POST /v1/orgs/{organizationId}/members/{userId}/sso: admins mark a member as an SSO member (idempotent). */
@CommandHandler(EnableMemberSso)
export class EnableMemberSsoHandler implements ICommandHandler<EnableMemberSso> {
  constructor(
    private readonly organizations: OrganizationWriter,
    private readonly read: OrganizationsReadModel,
    private readonly views: MemberViews,
  ) {}

  async execute({ props: { userId }, scope }: EnableMemberSso): Promise<MemberView> {
    const { organizationId } = scope;
    await this.organizations.execute(organizationId, { type: 'EnableMemberSso', organizationId, actorId: scope.actor, userId }, scope);
    if (userId !== scope.actor) return this.views.of(await this.read.member(organizationId, userId));
    // The caller changed their own membership: the scope looks it up again.
    scope.refresh();
    return this.views.of(await scope.member());
  }
}
