import { collectionPermissions, requireCollectionPermission } from './collections.policy';

describe('collections policy', () => {
  it('shows a guest nothing, a member view, creators create, admins everything', () => {
    expect(collectionPermissions(null)).toEqual({ view: false, admin: false, viewInviteLinks: false, create: false });
    expect(collectionPermissions('edit')).toEqual({ view: true, admin: false, viewInviteLinks: false, create: false });
    expect(collectionPermissions('create')).toEqual({ view: true, admin: false, viewInviteLinks: false, create: true });
    expect(collectionPermissions('admin')).toEqual({ view: true, admin: true, viewInviteLinks: true, create: true });
  });

  it('refuses with 404 someone outside the organization, with 403 a weaker role', () => {
    expect(() => requireCollectionPermission(undefined, 'create', 'creating collections')).toThrow('collection not found');
    expect(() => requireCollectionPermission(null, 'admin', 'moving a collection')).toThrow(
      'moving a collection needs the admin role in the organization',
    );
    expect(() => requireCollectionPermission('create', 'create', 'creating collections')).not.toThrow();
  });
});
