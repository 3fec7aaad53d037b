import { AUDITED_ACTIONS, AUDITED_EVENT_TYPES } from './audit';

describe('audited actions', () => {
  it.each(['constructor', 'toString', 'hasOwnProperty', 'valueOf', '__proto__', 'isPrototypeOf'])('has no action called %s (issue #7)', (name) => {
    expect(Reflect.get(AUDITED_ACTIONS, name)).toBeUndefined();
  });

  it('lists each audited event type once', () => {
    expect(AUDITED_EVENT_TYPES).toContain('TeamMemberAdded');
    expect(new Set(AUDITED_EVENT_TYPES).size).toBe(AUDITED_EVENT_TYPES.length);
  });

  it('audits changes to organizations, not pings nor user events', () => {
    expect(AUDITED_EVENT_TYPES).toEqual(expect.arrayContaining(['OrganizationCreated', 'MemberRemoved', 'SAMLProviderCreated', 'TranslationSettingsDeleted']));
    for (const type of ['MemberSeen', 'UserRegistered', 'ApiTokenIssued']) expect(AUDITED_EVENT_TYPES).not.toContain(type);
  });
});
