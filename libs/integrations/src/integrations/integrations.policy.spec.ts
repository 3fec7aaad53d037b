import { ROLES } from '@docs/kernel';
import { administersIntegrations, integrationPermissions } from './integrations.policy';

describe('integrations policy', () => {
  it('lets admins only administer integrations', () => {
    expect(ROLES.filter(administersIntegrations)).toEqual(['admin']);
    expect(administersIntegrations(null)).toBe(false);
    expect(administersIntegrations(undefined)).toBe(false);
  });

  it('shows install for any integration but a private one of another organization', () => {
    expect(integrationPermissions('admin', 'private')).toEqual({ admin: true, install: true });
    expect(integrationPermissions('create', 'private')).toEqual({ admin: false, install: false });
    expect(integrationPermissions(undefined, 'public')).toEqual({ admin: false, install: true });
    expect(integrationPermissions(null, 'unlisted')).toEqual({ admin: false, install: true });
  });
});
