import { ROLES } from '@docs/kernel';
import { specPermissions } from './openapi-specs.policy';

describe('specPermissions', () => {
  it('lets members with a role read, and those with the create role or more write', () => {
    expect(ROLES.filter((role) => specPermissions(role).view)).toEqual([...ROLES]);
    expect(ROLES.filter((role) => specPermissions(role).edit)).toEqual(['create', 'admin']);
    expect(specPermissions(null)).toEqual({ view: false, edit: false });
  });
});
