import { atLeast, Role } from '@docs/kernel';

/**
 * What a caller with an organization role (null: a guest) may do with the organization's sites, in
 * GitBook's `Site.permissions` words. The decider enforces it and the presenter shows it, so the two
 * cannot disagree: managers (admin and create) create, change, publish and delete sites and their
 * structure, share links and adaptive schema; only admins install integrations on them.
 */
export interface SitePermissions {
  view: boolean;
  access: boolean;
  edit: boolean;
  create: boolean;
  admin: boolean;
  installIntegration: boolean;
  viewAdaptiveSchema: boolean;
  editAdaptiveSchema: boolean;
}

/** The roles that manage sites. */
export const canManageSites = (role: Role | null): boolean => atLeast(role, 'create');

/** Share links and their keys are read by the site's managers only (not a GitBook permission). */
export const canSeeShareLinks = canManageSites;

export function sitePermissions(role: Role | null): SitePermissions {
  const member = role !== null;
  const manager = canManageSites(role);
  return {
    view: member,
    access: member,
    edit: manager,
    create: manager,
    admin: manager,
    installIntegration: atLeast(role, 'admin'),
    viewAdaptiveSchema: member,
    editAdaptiveSchema: manager,
  };
}
