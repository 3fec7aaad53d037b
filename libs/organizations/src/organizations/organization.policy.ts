import { atLeast } from '@docs/kernel';
import { RoleOrGuest } from '../shared/roles.domain';

/** The caller as the organization sees them: their role when they are an active member, undefined when they are not one. */
export interface OrganizationCaller {
  role: RoleOrGuest | undefined;
  /** The caller owns one of the organization's teams. */
  ownsTeam?: boolean;
}

/**
 * What a caller may do in an organization: what its decider enforces and what `permissions` in
 * its answers show. Non-members may do nothing; guests (null role) only view.
 */
export function organizationPermissions({ role, ownsTeam = false }: OrganizationCaller) {
  const isMember = role !== undefined;
  const admin = isMember && role === 'admin';
  const nonGuest = isMember && role !== null;
  const create = isMember && atLeast(role, 'create');
  return {
    view: isMember,
    access: isMember,
    admin,
    ownTeam: isMember && ownsTeam,
    createContent: create,
    createOpenAPISpec: create,
    ingestConversations: admin,
    viewBilling: admin,
    listMembers: nonGuest,
    listTeams: nonGuest,
    listIntegrations: nonGuest,
    listInstallations: admin,
    installIntegration: admin,
  };
}

export type OrganizationPermissionSet = ReturnType<typeof organizationPermissions>;
