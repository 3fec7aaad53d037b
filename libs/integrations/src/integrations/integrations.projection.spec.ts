import { occurred, projectionSpecPerTest } from '@docs/platform/testing';
import { InstallationEvent } from '../installations/installation.decider';
import { IntegrationDefinition, IntegrationEvent, integrationIdOf } from './integration.decider';
import { integrationsProjection } from './integrations.projection';
import { chartsDefinition } from '../testing/integration-fixtures.domain';
import {
  blockDomainsOf,
  entryIdOf,
  INSTALLATION_EXTERNAL_IDS,
  INTEGRATION_ENTRIES,
  INTEGRATION_INSTALLATIONS,
  INTEGRATIONS,
  MARKETPLACE,
  ownerAudience,
  ownerPublicAudience,
} from './integrations.read-model';

const T1 = '2024-01-01T00:00:00.000Z';
const T2 = '2024-01-02T00:00:00.000Z';
const definition = chartsDefinition({
  target: 'space',
  scopes: ['space:content:read'],
  categories: ['analytics'],
  blocks: [{ id: 'c', title: 'Chart', urlUnfurl: ['https://www.charts.example/*'] }],
});
const id = integrationIdOf('charts');
const published = (version: number, change: Partial<IntegrationDefinition> = {}): IntegrationEvent => ({
  type: 'IntegrationPublished',
  data: { name: 'charts', organizationId: 'o1', version, incarnation: 1, definition: { ...definition, ...change } },
});
const installed: InstallationEvent = {
  type: 'IntegrationInstalled',
  data: { installationId: 'i1', integrationName: 'charts', incarnation: 1, organizationId: 'o2', externalIds: ['x1'] },
};
const entries = async (spec: Pick<ReturnType<typeof projectionSpecPerTest>, 'readModels'>, audience: string, facet: string) =>
  (
    await spec.readModels.find(INTEGRATION_ENTRIES, {
      where: [
        { field: 'audience', op: 'eq', value: audience },
        { field: 'facet', op: 'eq', value: facet },
      ],
      limit: 10,
    })
  ).count;

describe('integrations projection', () => {
  const spec = projectionSpecPerTest(integrationsProjection);

  it('keeps the integration and one list entry per audience and facet, moved on re-publication', async () => {
    await spec.given(occurred(T1, published(1)));
    expect(await spec.readModels.get(INTEGRATIONS, id)).toMatchObject({
      id,
      name: 'charts',
      organizationId: 'o1',
      version: 1,
      title: 'Charts',
      createdAt: T1,
      updatedAt: T1,
    });
    for (const audience of [MARKETPLACE, ownerAudience('o1'), ownerPublicAudience('o1')]) {
      for (const facet of [
        'all',
        'category:analytics',
        'scope:space:content:read',
        'target:space',
        'blocks:true',
        'contentSources:false',
        'blockDomain:charts.example',
        'blockDomain:www.charts.example',
      ]) {
        expect(await entries(spec, audience, facet)).toBe(1);
      }
    }
    expect(await entries(spec, MARKETPLACE, 'target:site')).toBe(0);

    await spec.given(occurred(T2, published(2, { visibility: 'private', categories: ['content'], target: 'all' })));
    expect(await spec.readModels.get(INTEGRATIONS, id)).toMatchObject({ version: 2, visibility: 'private', createdAt: T1, updatedAt: T2 });
    expect(await entries(spec, MARKETPLACE, 'all')).toBe(0);
    expect(await entries(spec, ownerPublicAudience('o1'), 'all')).toBe(0);
    expect(await entries(spec, ownerAudience('o1'), 'category:analytics')).toBe(0);
    expect(await entries(spec, ownerAudience('o1'), 'category:content')).toBe(1);
    expect(await entries(spec, ownerAudience('o1'), 'target:site')).toBe(1);
    expect(await spec.readModels.get(INTEGRATION_ENTRIES, entryIdOf(ownerAudience('o1'), 'all', id))).toMatchObject({
      name: 'charts',
      label: 'charts Charts',
      blocks: true,
      contentSources: false,
    });
  });

  it('records installations with their external ids, and drops everything on unpublish', async () => {
    await spec.given(occurred(T1, published(1), installed));
    expect(await spec.readModels.get(INTEGRATION_INSTALLATIONS, 'i1')).toEqual({
      id: 'i1',
      integrationName: 'charts',
      incarnation: 1,
      organizationId: 'o2',
      externalIds: ['x1'],
      createdAt: T1,
      updatedAt: T1,
    });
    expect(await spec.readModels.get(INSTALLATION_EXTERNAL_IDS, 'i1|x1')).toMatchObject({
      integrationName: 'charts',
      externalId: 'x1',
      installationId: 'i1',
    });
    await spec.given(occurred(T2, { type: 'IntegrationUnpublished', data: { name: 'charts', organizationId: 'o1', incarnation: 1 } }));
    expect(await spec.readModels.get(INTEGRATIONS, id)).toBeNull();
    expect(await spec.readModels.get(INTEGRATION_INSTALLATIONS, 'i1')).toBeNull();
    expect(await spec.readModels.get(INSTALLATION_EXTERNAL_IDS, 'i1|x1')).toBeNull();
    expect(
      (await spec.readModels.find(INTEGRATION_ENTRIES, { where: [{ field: 'integrationId', op: 'eq', value: id }], limit: 10 })).count,
    ).toBe(0);
  });

  it('reads block domains and their parents from URL patterns', () => {
    expect(blockDomainsOf(['https://www.youtube.com/watch?v=*', '*://*.vimeo.com/*', 'not a url', 'https://localhost/x'])).toEqual([
      'www.youtube.com',
      'youtube.com',
    ]);
    expect(blockDomainsOf(['https://*.vimeo.com/x'])).toEqual(['vimeo.com']);
  });
});
