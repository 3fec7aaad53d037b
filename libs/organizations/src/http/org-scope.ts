import { Injectable, PipeTransform } from '@nestjs/common';
import { AuthenticatedRequest, RequestScope } from '@docs/platform';
import { OrganizationScope } from '../application/organization-scope';
import { OrganizationsReadModel } from '../projections/organizations.read-model';

@Injectable()
export class OrganizationScopePipe implements PipeTransform<AuthenticatedRequest, OrganizationScope> {
  constructor(private readonly read: OrganizationsReadModel) {}

  transform(request: AuthenticatedRequest): OrganizationScope {
    const { organizationId } = request.params as { organizationId?: string };
    if (organizationId === undefined || !request.caller) throw new Error('OrgScope used on a route without {organizationId} or without auth');
    return new OrganizationScope(organizationId, request.caller, this.read);
  }
}

/** The route's organization scope: `@OrgScope() scope: OrganizationScope` on `/v1/orgs/:organizationId/…` routes. */
export const OrgScope = () => RequestScope(OrganizationScopePipe, ['organizationId']);
