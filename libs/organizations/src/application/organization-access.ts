import { Injectable } from '@nestjs/common';
import { forbidden, notFound, ReadModels } from '@docs/platform';
import { MemberDoc, memberDocId, OrganizationDoc } from '../projections/read-model-types';

/** Read-side access checks: non-members get 404, members lacking the right get 403. */
@Injectable()
export class OrganizationAccess {
  constructor(private readonly readModels: ReadModels) {}

  membership(organizationId: string, userId: string): Promise<MemberDoc | null> {
    return this.readModels.get<MemberDoc>('members', memberDocId(organizationId, userId));
  }

  async requireMember(organizationId: string, userId: string): Promise<{ organization: OrganizationDoc; member: MemberDoc }> {
    const [member, organization] = await Promise.all([
      this.membership(organizationId, userId),
      this.readModels.get<OrganizationDoc>('organizations', organizationId),
    ]);
    if (!member || !organization || member.disabled) throw notFound('organization not found');
    return { organization, member };
  }

  async requireAdmin(organizationId: string, userId: string): Promise<{ organization: OrganizationDoc; member: MemberDoc }> {
    const access = await this.requireMember(organizationId, userId);
    if (access.member.role !== 'admin') throw forbidden('only organization admins can do this');
    return access;
  }
}
