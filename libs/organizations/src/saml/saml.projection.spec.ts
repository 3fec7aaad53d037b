import { occurred, projectionSpecPerTest } from '@docs/platform/testing';
import { SamlProviderEvent } from './saml.decider';
import { TeamDeleted } from '../teams/team.decider';
import { samlProjection } from './saml.projection';
import { SAML_PROVIDERS, SamlReadModel } from './saml.read-model';

const T1 = '2024-01-01T00:00:00.000Z';
const T2 = '2024-01-02T00:00:00.000Z';
const T3 = '2024-01-03T00:00:00.000Z';

const created = (samlProviderId: string, organizationId: string, defaultTeam?: string): SamlProviderEvent => ({
  type: 'SAMLProviderCreated',
  data: { organizationId, samlProviderId, label: 'Okta', defaultRole: 'read', ...(defaultTeam ? { defaultTeam } : {}) },
});
const teamDeleted = (organizationId: string, teamId: string): TeamDeleted => ({ type: 'TeamDeleted', data: { organizationId, teamId } });

describe('saml projection', () => {
  const spec = projectionSpecPerTest(samlProjection);

  it('keeps a document per provider, with its settings and when it was created and changed', async () => {
    await spec.given(occurred(T1, created('p1', 'o1', 't1')));
    expect(await spec.readModels.get(SAML_PROVIDERS, 'p1')).toEqual({
      id: 'p1',
      organizationId: 'o1',
      label: 'Okta',
      defaultTeam: 't1',
      defaultRole: 'read',
      createdAt: T1,
      updatedAt: T1,
    });
  });

  it('applies changes: null clears the default team, a null default role is kept', async () => {
    const changes = { label: 'New', ssoURL: 'https://idp', defaultTeam: null, defaultRole: null };
    await spec.given([
      ...occurred(T1, created('p1', 'o1', 't1')),
      ...occurred(T2, { type: 'SAMLProviderUpdated', data: { organizationId: 'o1', samlProviderId: 'p1', changes } }),
    ]);
    expect(await spec.readModels.get(SAML_PROVIDERS, 'p1')).toEqual({
      id: 'p1',
      organizationId: 'o1',
      label: 'New',
      ssoURL: 'https://idp',
      defaultRole: null,
      createdAt: T1,
      updatedAt: T2,
    });
    await spec.given(
      occurred(T3, { type: 'SAMLProviderUpdated', data: { organizationId: 'o1', samlProviderId: 'p1', changes: { defaultTeam: 't2' } } }),
    );
    expect(await spec.readModels.get(SAML_PROVIDERS, 'p1')).toMatchObject({ label: 'New', defaultTeam: 't2', updatedAt: T3 });
  });

  it('forgets a deleted team as default team, in that organization only', async () => {
    await spec.given([
      ...occurred(T1, created('p1', 'o1', 't1'), created('p2', 'o1', 't2'), created('p3', 'o2', 't1')),
      ...occurred(T2, teamDeleted('o1', 't1')),
    ]);
    const p1 = await spec.readModels.get(SAML_PROVIDERS, 'p1');
    expect(p1).toMatchObject({ updatedAt: T2 });
    expect(p1).not.toHaveProperty('defaultTeam');
    expect(await spec.readModels.get(SAML_PROVIDERS, 'p2')).toMatchObject({ defaultTeam: 't2', updatedAt: T1 });
    expect(await spec.readModels.get(SAML_PROVIDERS, 'p3')).toMatchObject({ defaultTeam: 't1', updatedAt: T1 });
  });

  it('lists an organization oldest first, and drops deleted providers', async () => {
    await spec.given([
      ...occurred(T1, created('p1', 'o1'), created('p3', 'o2')),
      ...occurred(T2, created('p2', 'o1')),
      ...occurred(T3, { type: 'SAMLProviderDeleted', data: { organizationId: 'o1', samlProviderId: 'p1' } }),
    ]);
    expect(await spec.readModels.get(SAML_PROVIDERS, 'p1')).toBeNull();
    const listed = await new SamlReadModel(spec.readModels).list('o1', { limit: 10 });
    expect(listed.items.map((p) => p.id)).toEqual(['p2']);
    expect(listed.count).toBe(1);
  });
});
