import { Injectable } from '@nestjs/common';
import { OrganizationsReadModel, Standing } from '../projections/organizations.read-model';

/**
 * What an OrganizationScope looks up, once per request: the organization and the caller's
 * membership. The scope pipe (http/org-scope.ts) injects it under this name.
 */
@Injectable()
export class OrganizationAccess {
  constructor(private readonly read: OrganizationsReadModel) {}

  standing(organizationId: string, userId: string): Promise<Standing> {
    return this.read.standing(organizationId, userId);
  }
}
