import { RequestScope, scopeInput, scopePipe } from '@docs/platform';
import { OrganizationScope } from './organization-scope';
import { OrganizationsReadModel } from '../organizations/organizations.read-model';

export const OrganizationScopePipe = scopePipe([OrganizationsReadModel], (request, read) => {
  const { id, caller } = scopeInput(request, 'organizationId');
  return new OrganizationScope(id, caller, read);
});

/** The route's organization scope: `@OrgScope() scope: OrganizationScope` on `/v1/orgs/:organizationId/…` routes. */
export const OrgScope = () => RequestScope(OrganizationScopePipe, ['organizationId']);
