import { notFound } from '@docs/kernel';

/**
 * The life of an aggregate an organization owns (a team, a SAML provider, translation settings):
 * not created yet, in use, or deleted; and, once created, the organization it belongs to.
 */
export interface OrganizationResourceState {
  status: 'none' | 'active' | 'deleted';
  organizationId?: string;
}

/** Refuses a command on an instance not in use in `organizationId` (404): to an organization, another's is none. */
export function requireActiveIn(state: OrganizationResourceState, organizationId: string, notFoundMessage: string): void {
  if (state.status !== 'active' || state.organizationId !== organizationId) throw notFound(notFoundMessage);
}
