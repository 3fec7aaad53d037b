import { ROLES } from '@docs/kernel';
import { requireSpacePermission, spacePermissions } from './spaces.policy';

describe('spaces policy', () => {
  it('grants nothing to a caller without a role, or with an unknown one', () => {
    for (const role of [null, 'owner']) expect(Object.values(spacePermissions(role)).some(Boolean)).toBe(false);
  });

  it('grants each permission from its role up, and git sync to nobody', () => {
    const granted = (permission: keyof ReturnType<typeof spacePermissions>) => ROLES.filter((role) => spacePermissions(role)[permission]);
    expect(granted('view')).toEqual(['read', 'comment', 'edit', 'review', 'create', 'admin']);
    expect(granted('comment')).toEqual(['comment', 'edit', 'review', 'create', 'admin']);
    expect(granted('edit')).toEqual(['edit', 'review', 'create', 'admin']);
    expect(granted('merge')).toEqual(['review', 'create', 'admin']);
    expect(granted('admin')).toEqual(['admin']);
    expect(granted('installIntegration')).toEqual(['admin']);
    expect(granted('triggerGitSync')).toEqual([]);
  });

  it('refuses with 404 a caller who cannot see the space, with 403 one whose role is too weak', () => {
    expect(() => requireSpacePermission(null, 'view', 'reading')).toThrow('space not found');
    expect(() => requireSpacePermission('edit', 'merge', 'merging')).toThrow('merging needs the review role in the space');
    expect(() => requireSpacePermission('review', 'merge', 'merging')).not.toThrow();
  });
});
