import { atLeast, isRole, ROLES, strongest } from './roles';

describe('roles, defined once', () => {
  it('ranks every role above the ones before it', () => {
    for (const [i, role] of ROLES.entries()) {
      for (const [j, needed] of ROLES.entries()) expect(atLeast(role, needed)).toBe(i >= j);
    }
  });

  it('grants nothing to no role', () => {
    expect(atLeast(null, 'read')).toBe(false);
    expect(atLeast(undefined, 'read')).toBe(false);
  });

  it('picks the strongest role, or null', () => {
    expect(strongest(['read', null, 'review', 'edit'])).toBe('review');
    expect(strongest([null, undefined])).toBeNull();
  });

  it('recognises role names only', () => {
    expect(ROLES.every(isRole)).toBe(true);
    expect(isRole('owner')).toBe(false);
    expect(isRole('__proto__')).toBe(false);
  });
});
