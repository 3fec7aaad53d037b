import { ROLES } from '@docs/kernel';
import { canManageSites, canSeeShareLinks, sitePermissions } from './sites.policy';

describe('sitePermissions', () => {
  it('lets admins and creators manage sites, and only admins install integrations', () => {
    expect(ROLES.filter(canManageSites)).toEqual(['create', 'admin']);
    expect(sitePermissions('admin')).toMatchObject({
      edit: true,
      create: true,
      admin: true,
      installIntegration: true,
      editAdaptiveSchema: true,
    });
    expect(ROLES.filter(canSeeShareLinks)).toEqual(['create', 'admin']);
    expect(sitePermissions('create')).toMatchObject({ edit: true, installIntegration: false });
  });

  it('lets other members view, and guests nothing', () => {
    for (const role of ['read', 'comment', 'edit', 'review'] as const) {
      expect(sitePermissions(role)).toEqual({
        view: true,
        access: true,
        edit: false,
        create: false,
        admin: false,
        installIntegration: false,
        viewAdaptiveSchema: true,
        editAdaptiveSchema: false,
      });
    }
    expect(Object.values(sitePermissions(null)).some(Boolean)).toBe(false);
  });
});
