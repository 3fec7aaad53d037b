import { AUDITED_ACTIONS, AUDITED_EVENT_TYPES } from './audit';

describe('audited actions', () => {
  it.each(['constructor', 'toString', 'hasOwnProperty', 'valueOf', '__proto__', 'isPrototypeOf'])('has no action called %s (issue #7)', (name) => {
    expect(AUDITED_ACTIONS[name]).toBeUndefined();
  });

  it('lists each audited event type once', () => {
    expect(AUDITED_EVENT_TYPES).toContain('TeamMemberAdded');
    expect(new Set(AUDITED_EVENT_TYPES).size).toBe(AUDITED_EVENT_TYPES.length);
  });
});
