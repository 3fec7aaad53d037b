import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { MemberView, MemberViews } from './member-views';
import { OrganizationCommand } from '../shared/organization-scope';
import { OrganizationWriter } from '../organizations/organization-writer';

export class EnableMemberSso extends OrganizationCommand<{ userId: string }, MemberView> {}

/** POST /v1/orgs/{organizationId}/members/{userId}/sso: admins mark a member as an SSO member (idempotent). */
@CommandHandler(EnableMemberSso)
export class EnableMemberSsoHandler implements ICommandHandler<EnableMemberSso> {
  constructor(
    private readonly organizations: OrganizationWriter,
    private readonly views: MemberViews,
  ) {}

  async execute({ props: { userId }, scope }: EnableMemberSso): Promise<MemberView> {
    await this.organizations.executeIn({ type: 'EnableMemberSso', userId }, scope);
    return this.views.changed(scope, userId);
  }
}
