import { Aggregate, conflict, DomainEvent, forbidden, idFromSeed, notFound, Recorded } from '@docs/kernel';
import { IntegrationFacts } from '../integrations/integration.decider';
import { administersIntegrations } from '../integrations/integrations.policy';

export type IntegrationInstalled = DomainEvent<
  'IntegrationInstalled',
  { installationId: string; integrationName: string; incarnation: number; organizationId: string; externalIds: string[] }
>;
export type InstallationEvent = IntegrationInstalled;

export interface InstallationState {
  installed: boolean;
}

/** The caller's standing in the organization that installs. */
export type InstallationFacts = IntegrationFacts;

export type InstallationCommand = {
  type: 'InstallIntegration';
  installationId: string;
  integrationName: string;
  incarnation: number;
  organizationId: string;
};

/**
 * An installation's id: one per integration publication (incarnation) and organization, so a
 * second installation on the same organization is a conflict, and an integration unpublished and
 * published again starts without installations.
 */
export const installationIdOf = (integrationName: string, incarnation: number, organizationId: string): string =>
  idFromSeed(`integration-installation:${integrationName}:${incarnation}:${organizationId}`);

export const initialInstallationState = (): InstallationState => ({ installed: false });

export function evolveInstallation(_state: InstallationState, event: Recorded<InstallationEvent>): InstallationState {
  switch (event.type) {
    case 'IntegrationInstalled':
      return { installed: true };
  }
}

export function decideInstallation(state: InstallationState, command: InstallationCommand, facts: InstallationFacts): InstallationEvent[] {
  switch (command.type) {
    case 'InstallIntegration': {
      if (facts.standing === undefined) throw notFound('organization not found');
      if (!administersIntegrations(facts.standing)) throw forbidden('only organization admins can install integrations');
      if (state.installed) throw conflict(`integration ${command.integrationName} is already installed on this organization`);
      const { installationId, integrationName, incarnation, organizationId } = command;
      return [{ type: 'IntegrationInstalled', data: { installationId, integrationName, incarnation, organizationId, externalIds: [] } }];
    }
  }
}

/** An integration's installation on an organization (account level), in stream `integrationInstallation-<id>`. */
export const installationAggregate: Aggregate<InstallationState, InstallationCommand, InstallationEvent, InstallationFacts> = {
  category: 'integrationInstallation',
  initialState: initialInstallationState,
  evolve: evolveInstallation,
  decide: decideInstallation,
  schemaVersions: { IntegrationInstalled: 1 },
};
