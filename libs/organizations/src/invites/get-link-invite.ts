import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { forbidden, notFound } from '@docs/platform';
import { LinkInviteDoc, OrganizationsReadModel } from '../organizations/organizations.read-model';
import { OrganizationQuery } from '../shared/organization-scope';

export class GetLinkInvite extends OrganizationQuery<{ inviteId: string }, LinkInviteDoc> {}

/**
 * GET /v1/orgs/{organizationId}/link-invites/{inviteId}: admins always; anyone else holding the
 * link may look at it before joining, as long as invite links are enabled (else 403). So the
 * caller need not be a member: an unknown organization is "invite not found" too.
 */
@QueryHandler(GetLinkInvite)
export class GetLinkInviteHandler implements IQueryHandler<GetLinkInvite> {
  constructor(private readonly read: OrganizationsReadModel) {}

  async execute({ props: { inviteId }, scope }: GetLinkInvite): Promise<LinkInviteDoc> {
    const { organizationId } = scope;
    const [{ organization }, invite, caller] = await Promise.all([
      scope.standing(),
      this.read.linkInvite(organizationId, inviteId),
      scope.memberIfAny(),
    ]);
    if (!organization) throw notFound('invite not found');
    if (caller?.role !== 'admin' && !organization.inviteLinks)
      throw forbidden('invite links are disabled for this organization (inviteLinks is false)');
    return invite;
  }
}
