import { auditCatalog } from '@docs/kernel';
import { ORGANIZATIONS_AUDIT_CATALOG } from '../audit-catalog';
import { AuditActions } from './audit.domain';

describe('audited actions', () => {
  const actions = new AuditActions([ORGANIZATIONS_AUDIT_CATALOG]);

  it.each(['constructor', 'toString', 'hasOwnProperty', 'valueOf', '__proto__', 'isPrototypeOf'])(
    'has no action called %s (issue #7)',
    (name) => {
      expect(Reflect.get(ORGANIZATIONS_AUDIT_CATALOG, name)).toBeUndefined();
      expect(actions.get(name)).toBeUndefined();
    },
  );

  it('lists each audited event type once', () => {
    expect(actions.types()).toContain('TeamMemberAdded');
    expect(new Set(actions.types()).size).toBe(actions.types().length);
  });

  it('audits changes to organizations, not pings nor user events', () => {
    expect(actions.types()).toEqual(
      expect.arrayContaining(['OrganizationCreated', 'MemberRemoved', 'SAMLProviderCreated', 'TranslationSettingsDeleted']),
    );
    for (const type of ['MemberSeen', 'UserRegistered', 'ApiTokenIssued']) expect(actions.types()).not.toContain(type);
  });

  it('composes catalogs, and refuses an event type declared twice', () => {
    type Other = { type: 'ThingMade'; data: { organizationId: string; thingId: string } };
    const other = auditCatalog<Other>({ ThingMade: { label: 'Thing made', target: { type: 'thing', idField: 'thingId' } } });
    const composed = new AuditActions([ORGANIZATIONS_AUDIT_CATALOG, other]);
    expect(composed.list().at(-1)).toEqual({ id: 'ThingMade', label: 'Thing made' });
    expect(composed.get('ThingMade')?.target).toEqual({ type: 'thing', idField: 'thingId' });
    expect(() => new AuditActions([other, other])).toThrow(/ThingMade is declared twice/);
  });
});
