import { DomainError } from '@docs/kernel';
import { decideSamlProvider, evolveSamlProvider, initialSamlProviderState, SamlProviderCommand, SamlProviderEvent, SamlProviderState, samlProviderStatus } from './saml';

const org = 'org1';
const id = 'p1';
const admin = { actorIsAdmin: true, defaultTeamExists: true };
const created: SamlProviderEvent = {
  type: 'SAMLProviderCreated',
  data: { organizationId: org, samlProviderId: id, label: 'Okta', defaultTeam: 't1', defaultRole: 'read' },
};
const given = (...events: SamlProviderEvent[]): SamlProviderState => events.reduce(evolveSamlProvider, initialSamlProviderState());
function rejects(state: SamlProviderState, command: SamlProviderCommand, kind: DomainError['kind'], message?: RegExp): void {
  let thrown: unknown;
  try {
    decideSamlProvider(state, command);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(DomainError);
  expect((thrown as DomainError).kind).toBe(kind);
  if (message) expect((thrown as DomainError).message).toMatch(message);
}

describe('SAML provider decider', () => {
  it('creates a provider for admins', () => {
    const settings = { label: 'Okta', defaultTeam: 't1', defaultRole: 'read' as const };
    expect(decideSamlProvider(given(), { type: 'CreateSAMLProvider', organizationId: org, samlProviderId: id, settings, facts: admin })).toEqual([created]);
  });

  it('rejects non-admins and unknown default teams', () => {
    const settings = { label: 'Okta', defaultTeam: 't9', defaultRole: null };
    rejects(given(), { type: 'CreateSAMLProvider', organizationId: org, samlProviderId: id, settings, facts: { ...admin, actorIsAdmin: false } }, 'forbidden');
    rejects(given(), { type: 'CreateSAMLProvider', organizationId: org, samlProviderId: id, settings, facts: { ...admin, defaultTeamExists: false } }, 'invalid', /defaultTeam/);
  });

  it('updates only what changed; null clears the default team', () => {
    const state = given(created);
    expect(decideSamlProvider(state, { type: 'UpdateSAMLProvider', organizationId: org, changes: { label: 'Okta', defaultRole: 'read' }, facts: admin })).toEqual([]);
    const events = decideSamlProvider(state, { type: 'UpdateSAMLProvider', organizationId: org, changes: { label: 'New', defaultTeam: null }, facts: admin });
    expect(events).toEqual([{ type: 'SAMLProviderUpdated', data: { organizationId: org, samlProviderId: id, changes: { label: 'New', defaultTeam: null } } }]);
    expect(events.reduce(evolveSamlProvider, state).settings).toEqual({ label: 'New', defaultRole: 'read' });
  });

  it('answers not found for unknown, deleted and foreign providers', () => {
    const deleted: SamlProviderEvent = { type: 'SAMLProviderDeleted', data: { organizationId: org, samlProviderId: id } };
    rejects(given(), { type: 'DeleteSAMLProvider', organizationId: org, facts: admin }, 'not_found');
    rejects(given(created, deleted), { type: 'UpdateSAMLProvider', organizationId: org, changes: { label: 'x' }, facts: admin }, 'not_found');
    rejects(given(created), { type: 'DeleteSAMLProvider', organizationId: 'other', facts: admin }, 'not_found');
    expect(decideSamlProvider(given(created), { type: 'DeleteSAMLProvider', organizationId: org, facts: admin })).toEqual([deleted]);
  });

  it('is active once the IdP URL, entity id and certificate are set', () => {
    expect(samlProviderStatus({})).toBe('pending');
    expect(samlProviderStatus({ ssoURL: 'https://idp', entityID: 'e' })).toBe('pending');
    expect(samlProviderStatus({ ssoURL: 'https://idp', entityID: 'e', certificate: 'c' })).toBe('active');
  });

  it('records only the known settings, whatever other keys a command carries (issue #7)', () => {
    // JSON.parse makes `__proto__` an own key, as a request body would.
    const extra = '"__proto__":{"x":1},"constructor":{"x":1},"toString":"x"';
    const settings = JSON.parse(`{"label":"Okta","defaultRole":null,${extra}}`);
    const [createdEvent] = decideSamlProvider(given(), { type: 'CreateSAMLProvider', organizationId: org, samlProviderId: id, settings, facts: admin });
    expect(Object.keys(createdEvent!.data).sort()).toEqual(['defaultRole', 'label', 'organizationId', 'samlProviderId']);
    const changes = JSON.parse(`{"label":"New",${extra}}`);
    const [updated] = decideSamlProvider(given(created), { type: 'UpdateSAMLProvider', organizationId: org, changes, facts: admin });
    expect(Object.keys((updated as Extract<SamlProviderEvent, { type: 'SAMLProviderUpdated' }>).data.changes)).toEqual(['label']);
  });
});
