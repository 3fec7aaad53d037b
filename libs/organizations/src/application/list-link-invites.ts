import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { FindResult, forbidden, notFound, ReadModels } from '@docs/platform';
import { LinkInviteDoc, MemberDoc, OrganizationDoc } from '../projections/read-model-types';
import { OrganizationAccess } from './organization-access';

export class ListLinkInvites extends Query<{ invites: FindResult<LinkInviteDoc>; caller: MemberDoc }> {
  constructor(
    readonly organizationId: string,
    readonly callerId: string,
    readonly page: { after?: string; limit: number },
  ) {
    super();
  }
}

/** GET /v1/orgs/{organizationId}/link-invites: admins only, oldest first. */
@QueryHandler(ListLinkInvites)
export class ListLinkInvitesHandler implements IQueryHandler<ListLinkInvites> {
  constructor(
    private readonly access: OrganizationAccess,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ organizationId, callerId, page }: ListLinkInvites) {
    const { member } = await this.access.requireAdmin(organizationId, callerId);
    const invites = await this.readModels.find<LinkInviteDoc>('link_invites', {
      where: [{ field: 'organizationId', op: 'eq', value: organizationId }],
      sort: { field: 'createdAt', direction: 'asc' },
      ...page,
    });
    return { invites, caller: member };
  }
}

export class GetLinkInvite extends Query<{ invite: LinkInviteDoc; caller: MemberDoc | null }> {
  constructor(
    readonly organizationId: string,
    readonly callerId: string,
    readonly inviteId: string,
  ) {
    super();
  }
}

/**
 * GET /v1/orgs/{organizationId}/link-invites/{inviteId}: admins always; anyone else holding the
 * link may look at it before joining, as long as invite links are enabled (else 403).
 */
@QueryHandler(GetLinkInvite)
export class GetLinkInviteHandler implements IQueryHandler<GetLinkInvite> {
  constructor(
    private readonly access: OrganizationAccess,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ organizationId, callerId, inviteId }: GetLinkInvite) {
    const [invite, organization, caller] = await Promise.all([
      this.readModels.get<LinkInviteDoc>('link_invites', inviteId),
      this.readModels.get<OrganizationDoc>('organizations', organizationId),
      this.access.membership(organizationId, callerId),
    ]);
    if (!invite || !organization || invite.organizationId !== organizationId) throw notFound('invite not found');
    const admin = caller !== null && !caller.disabled && caller.role === 'admin';
    if (!admin && !organization.inviteLinks) throw forbidden('invite links are disabled for this organization (inviteLinks is false)');
    return { invite, caller: caller && !caller.disabled ? caller : null };
  }
}
