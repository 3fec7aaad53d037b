import { atLeast, Role } from '@docs/kernel';
import type { IntegrationVisibility } from './integration.decider';

/** GitBook's `Integration.permissions`: what the caller may do with an integration. */
export interface IntegrationPermissions {
  admin: boolean;
  install: boolean;
}

/**
 * The caller's standing in an organization: their role there, null for a guest, undefined for a
 * non-member (or a disabled member).
 */
export type Standing = Role | null | undefined;

/** Admins of an organization publish and unpublish its integrations, install integrations on it and list its installations. */
export const administersIntegrations = (standing: Standing): boolean => atLeast(standing, 'admin');

/**
 * What the caller, with `owner` their standing in the integration's owner organization, may do with
 * it: the owner's admins administer it; anyone may install it unless it is private (then only its
 * admins, on their own organization).
 */
export function integrationPermissions(owner: Standing, visibility: IntegrationVisibility): IntegrationPermissions {
  const admin = administersIntegrations(owner);
  return { admin, install: admin || visibility !== 'private' };
}
