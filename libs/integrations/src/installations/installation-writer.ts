import { Injectable } from '@nestjs/common';
import { WriteKit } from '@docs/platform';
import { OrganizationDirectory } from '@docs/organizations';
import { installationAggregate, InstallationCommand, InstallationEvent, InstallationState } from './installation.decider';
import { OrganizationRoleWriter } from '../shared/organization-role-writer';

/** Writes installations; the facts are the caller's standing in the organization that installs. */
@Injectable()
export class InstallationWriter extends OrganizationRoleWriter<InstallationState, InstallationCommand, InstallationEvent> {
  constructor(kit: WriteKit, directory: OrganizationDirectory) {
    super(kit, installationAggregate, directory);
  }
}
