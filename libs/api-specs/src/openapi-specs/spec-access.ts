import { forbidden } from '@docs/platform';
import { OrganizationScope } from '@docs/organizations';
import { SpecPermissions, specPermissions } from './openapi-specs.policy';

/** What the caller may do with the organization's specs (the specs policy). */
export type SpecAccess = SpecPermissions;

/** Members with a role read (guests get 403, non-members 404). */
export async function requireSpecReader(scope: OrganizationScope): Promise<SpecAccess> {
  const permissions = specPermissions((await scope.member()).role);
  if (!permissions.view) throw forbidden('guests cannot see OpenAPI specifications');
  return permissions;
}
