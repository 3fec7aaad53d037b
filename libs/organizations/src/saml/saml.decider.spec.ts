import { deciderSpec } from '@docs/kernel/testing';
import {
  defaultTeamNamedBy,
  SamlFacts,
  SamlProviderEvent,
  samlProviderAggregate,
  samlProviderStatus,
  SamlProviderUpdated,
} from './saml.decider';

const org = 'org1';
const id = 'p1';
const admin: SamlFacts = { actorRole: 'admin', defaultTeamExists: true };
const created: SamlProviderEvent = {
  type: 'SAMLProviderCreated',
  data: { organizationId: org, samlProviderId: id, label: 'Okta', defaultTeam: 't1', defaultRole: 'read' },
};
const deleted: SamlProviderEvent = { type: 'SAMLProviderDeleted', data: { organizationId: org, samlProviderId: id } };
const updated = (changes: SamlProviderUpdated['data']['changes']): SamlProviderEvent => ({
  type: 'SAMLProviderUpdated',
  data: { organizationId: org, samlProviderId: id, changes },
});
const saml = deciderSpec(samlProviderAggregate);

describe('SAML provider aggregate', () => {
  it('creates a provider for admins', () => {
    const settings = { label: 'Okta', defaultTeam: 't1', defaultRole: 'read' as const };
    saml.given([]).when({ type: 'CreateSamlProvider', organizationId: org, samlProviderId: id, settings }, admin).then([created]);
  });

  it('rejects non-admins and unknown default teams', () => {
    const create = {
      type: 'CreateSamlProvider' as const,
      organizationId: org,
      samlProviderId: id,
      settings: { label: 'Okta', defaultTeam: 't9', defaultRole: null },
    };
    saml
      .given([])
      .when(create, { ...admin, actorRole: 'edit' })
      .thenFails('forbidden', /admins/);
    saml
      .given([])
      .when(create, { ...admin, defaultTeamExists: false })
      .thenFails('invalid', /defaultTeam: "t9" is not a team/);
    saml
      .given([created])
      .when({ type: 'UpdateSamlProvider', organizationId: org, changes: { label: 'x' } }, { ...admin, actorRole: 'edit' })
      .thenFails('forbidden');
    saml
      .given([created])
      .when({ type: 'UpdateSamlProvider', organizationId: org, changes: { defaultTeam: 't9' } }, { ...admin, defaultTeamExists: false })
      .thenFails('invalid', /defaultTeam/);
  });

  it('does not create a provider twice', () => {
    const settings = { label: 'Okta', defaultRole: null };
    saml
      .given([created])
      .when({ type: 'CreateSamlProvider', organizationId: org, samlProviderId: id, settings }, admin)
      .thenFails('conflict');
  });

  it('updates only what changed; null clears the default team', () => {
    saml
      .given([created])
      .when({ type: 'UpdateSamlProvider', organizationId: org, changes: { label: 'Okta', defaultRole: 'read' } }, admin)
      .thenNothing();
    const cleared = updated({ label: 'New', defaultTeam: null });
    saml
      .given([created])
      .when({ type: 'UpdateSamlProvider', organizationId: org, changes: { label: 'New', defaultTeam: null } }, admin)
      .then([cleared]);
    expect(saml.given([created, cleared]).state().settings).toEqual({ label: 'New', defaultRole: 'read' });
  });

  it('clears a default team only when one is set, and takes a null default role as a value (guests)', () => {
    const withoutTeam = saml.given([created, updated({ defaultTeam: null })]);
    withoutTeam.when({ type: 'UpdateSamlProvider', organizationId: org, changes: { defaultTeam: null } }, admin).thenNothing();
    saml
      .given([created])
      .when({ type: 'UpdateSamlProvider', organizationId: org, changes: { defaultRole: null } }, admin)
      .then([updated({ defaultRole: null })]);
    const guests = saml.given([created, updated({ defaultRole: null })]);
    guests.when({ type: 'UpdateSamlProvider', organizationId: org, changes: { defaultRole: null } }, admin).thenNothing();
    expect(saml.given([created, updated({ defaultTeam: 't2', ssoURL: 'https://idp' })]).state().settings).toEqual({
      label: 'Okta',
      defaultTeam: 't2',
      defaultRole: 'read',
      ssoURL: 'https://idp',
    });
  });

  it('answers not found for unknown, deleted and foreign providers', () => {
    saml
      .given([])
      .when({ type: 'DeleteSamlProvider', organizationId: org }, admin)
      .thenFails('not_found', /SAML provider not found/);
    saml
      .given([created, deleted])
      .when({ type: 'UpdateSamlProvider', organizationId: org, changes: { label: 'x' } }, admin)
      .thenFails('not_found');
    saml.given([created]).when({ type: 'DeleteSamlProvider', organizationId: 'other' }, admin).thenFails('not_found');
    saml.given([created]).when({ type: 'DeleteSamlProvider', organizationId: org }, admin).then([deleted]);
  });

  it('is active once the IdP URL, entity id and certificate are set', () => {
    expect(samlProviderStatus({})).toBe('pending');
    expect(samlProviderStatus({ ssoURL: 'https://idp', entityID: 'e' })).toBe('pending');
    expect(samlProviderStatus({ ssoURL: 'https://idp', entityID: 'e', certificate: 'c' })).toBe('active');
  });

  it('names the default team a command sets, for the writer to look up', () => {
    expect(
      defaultTeamNamedBy({
        type: 'CreateSamlProvider',
        organizationId: org,
        samlProviderId: id,
        settings: { label: 'L', defaultTeam: 't1', defaultRole: null },
      }),
    ).toBe('t1');
    expect(defaultTeamNamedBy({ type: 'UpdateSamlProvider', organizationId: org, changes: { defaultTeam: null } })).toBeUndefined();
    expect(defaultTeamNamedBy({ type: 'DeleteSamlProvider', organizationId: org })).toBeUndefined();
  });

  it('records only the known settings, whatever other keys a command carries (issue #7)', () => {
    // JSON.parse makes `__proto__` an own key, as a request body would.
    const extra = '"__proto__":{"x":1},"constructor":{"x":1},"toString":"x"';
    const settings = JSON.parse(`{"label":"Okta","defaultRole":null,${extra}}`);
    const [createdEvent] = samlProviderAggregate.decide(
      saml.given([]).state(),
      { type: 'CreateSamlProvider', organizationId: org, samlProviderId: id, settings },
      admin,
    );
    expect(Object.keys(createdEvent!.data).sort()).toEqual(['defaultRole', 'label', 'organizationId', 'samlProviderId']);
    const changes = JSON.parse(`{"label":"New",${extra}}`);
    saml
      .given([created])
      .when({ type: 'UpdateSamlProvider', organizationId: org, changes }, admin)
      .then([updated({ label: 'New' })]);
  });
});
