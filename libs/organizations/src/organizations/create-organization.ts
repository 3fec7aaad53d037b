import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ContextCommand, createdId } from '@docs/platform';
import { MemberDoc, OrganizationsReadModel } from './organizations.read-model';
import { OrganizationView } from './get-organization';
import { OrganizationWriter } from './organization-writer';

export class CreateOrganization extends ContextCommand<
  { title: string; emailDomains: string[] },
  OrganizationView & { member: MemberDoc }
> {}

/**
 * POST /v1/orgs: the caller becomes the organization's first admin. Answers the new organization
 * with the creator's membership (for its `permissions`): outside any organization, no scope has it.
 */
@CommandHandler(CreateOrganization)
export class CreateOrganizationHandler implements ICommandHandler<CreateOrganization> {
  constructor(
    private readonly organizations: OrganizationWriter,
    private readonly read: OrganizationsReadModel,
  ) {}

  async execute({ props: { title, emailDomains }, ctx }: CreateOrganization) {
    // Organizations belong to no enclosing scope: the id only has to differ from other kinds'.
    const organizationId = createdId(ctx, 'organization', 'orgs');
    await this.organizations.execute(
      organizationId,
      { type: 'CreateOrganization', organizationId, title, emailDomains, creatorId: ctx.actor },
      ctx,
    );
    const [organization, member] = await Promise.all([this.read.organization(organizationId), this.read.member(organizationId, ctx.actor)]);
    // A new organization has no teams yet.
    return { organization, ownsTeam: false, member };
  }
}
