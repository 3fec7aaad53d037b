import { Injectable } from '@nestjs/common';
import { WriteKit } from '@docs/platform';
import { OrganizationDirectory } from '@docs/organizations';
import { integrationAggregate, IntegrationCommand, IntegrationEvent, IntegrationState } from './integration.decider';
import { OrganizationRoleWriter } from '../shared/organization-role-writer';

/** Writes integrations; the facts are the caller's standing in the organization the command names. */
@Injectable()
export class IntegrationWriter extends OrganizationRoleWriter<IntegrationState, IntegrationCommand, IntegrationEvent> {
  constructor(kit: WriteKit, directory: OrganizationDirectory) {
    super(kit, integrationAggregate, directory);
  }
}
