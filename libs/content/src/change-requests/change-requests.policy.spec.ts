import { changeRequestPermissions, requireChangeRequestPermission } from './change-requests.policy';

describe('change requests policy', () => {
  it('lets editors write change requests and reviewers merge them', () => {
    expect(changeRequestPermissions('comment')).toEqual({
      create: false,
      edit: false,
      updateFromMain: false,
      requestReviews: false,
      merge: false,
    });
    expect(changeRequestPermissions('edit')).toEqual({
      create: true,
      edit: true,
      updateFromMain: true,
      requestReviews: true,
      merge: false,
    });
    expect(changeRequestPermissions('review')).toEqual({
      create: true,
      edit: true,
      updateFromMain: true,
      requestReviews: true,
      merge: true,
    });
  });

  it('refuses with the role the action needs in the space', () => {
    expect(() => requireChangeRequestPermission('edit', 'merge', 'merging')).toThrow('merging needs the review role in the space');
    expect(() => requireChangeRequestPermission(null, 'create', 'creating change requests')).toThrow('space not found');
  });
});
