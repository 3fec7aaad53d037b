import { forbidden } from '@docs/platform';
import { atLeast, OrganizationScope } from '@docs/organizations';

/** What the caller may do with the organization's specs: members with a role read, create or more write. */
export interface SpecAccess {
  view: boolean;
  edit: boolean;
}

/** Members with a role read (guests get 403, non-members 404). */
export async function requireSpecReader(scope: OrganizationScope): Promise<SpecAccess> {
  const member = await scope.member();
  if (member.role === null) throw forbidden('guests cannot see OpenAPI specifications');
  return { view: true, edit: atLeast(member.role, 'create') };
}
