import { Injectable, PipeTransform } from '@nestjs/common';
import { AuthenticatedRequest, RequestScope, scopeInput } from '@docs/platform';
import { OrganizationScope } from './organization-scope';
import { OrganizationsReadModel } from '../organizations/organizations.read-model';

@Injectable()
export class OrganizationScopePipe implements PipeTransform<AuthenticatedRequest, OrganizationScope> {
  constructor(private readonly read: OrganizationsReadModel) {}

  transform(request: AuthenticatedRequest): OrganizationScope {
    const { id, caller } = scopeInput(request, 'organizationId');
    return new OrganizationScope(id, caller, this.read);
  }
}

/** The route's organization scope: `@OrgScope() scope: OrganizationScope` on `/v1/orgs/:organizationId/…` routes. */
export const OrgScope = () => RequestScope(OrganizationScopePipe, ['organizationId']);
