import { Injectable } from '@nestjs/common';
import { forbidden, notFound } from '@docs/platform';
import { MemberDoc } from '../projections/read-model-types';
import { OrganizationAccess } from './organization-access';

/**
 * Who may look at an organization's members: non-guest members (the organization's
 * `permissions.listMembers`); a guest only at their own membership. Non-members get 404.
 */
@Injectable()
export class MemberAccess {
  constructor(private readonly access: OrganizationAccess) {}

  async requireMemberReader(organizationId: string, callerId: string, aboutUserId?: string): Promise<MemberDoc> {
    const { member } = await this.access.requireMember(organizationId, callerId);
    if (member.role === null && aboutUserId !== callerId) throw forbidden('guests cannot list or view other organization members');
    return member;
  }

  async requireTarget(organizationId: string, userId: string): Promise<MemberDoc> {
    const target = await this.access.membership(organizationId, userId);
    if (!target) throw notFound(`member not found: user ${userId} is not a member of this organization`);
    return target;
  }
}
