import { deciderSpec } from '@docs/kernel/testing';
import { installationAggregate, InstallationCommand, installationIdOf } from '../installations/installation.decider';
import { IntegrationCommand, integrationAggregate, IntegrationEvent } from './integration.decider';
import { chartsDefinition } from '../testing/integration-fixtures.domain';

const definition = chartsDefinition();
const admin = { standing: 'admin' as const };
const member = { standing: 'create' as const };
const stranger = { standing: undefined };
const publish = (organizationId = 'o1', name = 'charts'): IntegrationCommand => ({
  type: 'PublishIntegration',
  name,
  organizationId,
  definition,
});
const published = (version: number, incarnation = 1, organizationId = 'o1'): IntegrationEvent => ({
  type: 'IntegrationPublished',
  data: { name: 'charts', organizationId, version, incarnation, definition },
});
const unpublished = (incarnation = 1, organizationId = 'o1'): IntegrationEvent => ({
  type: 'IntegrationUnpublished',
  data: { name: 'charts', organizationId, incarnation },
});

describe('integration decider', () => {
  const integration = deciderSpec(integrationAggregate);

  it('publishes version 1, then bumps the version for the owner', () => {
    integration
      .given([])
      .when(publish(), admin)
      .then([published(1)]);
    integration
      .given([published(1), published(2)])
      .when(publish(), admin)
      .then([published(3)]);
  });

  it('needs an admin of the organization: members 403, others 404', () => {
    integration
      .given([])
      .when(publish(), member)
      .thenFails('forbidden', /admins/);
    integration
      .given([])
      .when(publish(), stranger)
      .thenFails('not_found', /organization/);
  });

  it('refuses a name another organization owns (409), and a malformed name (400)', () => {
    integration
      .given([published(1)])
      .when(publish('o2'), admin)
      .thenFails('conflict', /another organization/);
    integration.given([]).when(publish('o1', 'bad name'), admin).thenFails('invalid', /name/);
    integration
      .given([])
      .when(publish('o1', 'x'.repeat(101)), admin)
      .thenFails('invalid', /name/);
  });

  it('unpublishes for admins of the owner; a later publication is a new incarnation', () => {
    integration
      .given([published(1)])
      .when({ type: 'UnpublishIntegration', name: 'charts', organizationId: 'o1' }, admin)
      .then([unpublished()]);
    integration
      .given([published(1)])
      .when({ type: 'UnpublishIntegration', name: 'charts', organizationId: 'o1' }, member)
      .thenFails('forbidden', /admins/);
    integration
      .given([published(1), unpublished()])
      .when({ type: 'UnpublishIntegration', name: 'charts', organizationId: 'o1' }, admin)
      .thenFails('not_found');
    integration.given([]).when({ type: 'UnpublishIntegration', name: 'charts', organizationId: 'o1' }, admin).thenFails('not_found');
    // The same owner continues its versions; another owner starts at 1; both in a new incarnation.
    integration
      .given([published(1), unpublished()])
      .when(publish(), admin)
      .then([published(2, 2)]);
    integration
      .given([published(1), unpublished()])
      .when(publish('o2'), admin)
      .then([published(1, 2, 'o2')]);
  });
});

describe('installation decider', () => {
  const installation = deciderSpec(installationAggregate);
  const id = installationIdOf('charts', 1, 'o2');
  const install: InstallationCommand = {
    type: 'InstallIntegration',
    installationId: id,
    integrationName: 'charts',
    incarnation: 1,
    organizationId: 'o2',
  };
  const installed = {
    type: 'IntegrationInstalled' as const,
    data: { installationId: id, integrationName: 'charts', incarnation: 1, organizationId: 'o2', externalIds: [] },
  };

  it('installs once, by an admin of the organization', () => {
    installation.given([]).when(install, admin).then([installed]);
    installation
      .given([installed])
      .when(install, admin)
      .thenFails('conflict', /already installed/);
    installation
      .given([])
      .when(install, member)
      .thenFails('forbidden', /admins/);
    installation.given([]).when(install, stranger).thenFails('not_found');
  });

  it('derives one id per integration incarnation and organization', () => {
    expect(installationIdOf('charts', 1, 'o2')).toBe(id);
    expect(installationIdOf('charts', 2, 'o2')).not.toBe(id);
    expect(installationIdOf('charts', 1, 'o3')).not.toBe(id);
  });
});
