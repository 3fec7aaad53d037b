import { ROLES } from '@docs/kernel';
import { commentPermissions, mayComment } from './comments.policy';

describe('comment permissions', () => {
  it('lets the comment role and stronger take part; read and no role only view', () => {
    expect(ROLES.filter((role) => mayComment(role))).toEqual(['comment', 'edit', 'review', 'create', 'admin']);
    expect(mayComment(null)).toBe(false);
    expect(commentPermissions('read', 'ann', 'ann')).toEqual({ view: true, edit: false, reply: false, delete: false });
    expect(commentPermissions(null, 'ann', 'bob')).toEqual({ view: true, edit: false, reply: false, delete: false });
  });

  it('lets only the author edit, and the author or an admin delete', () => {
    expect(commentPermissions('comment', 'ann', 'ann')).toEqual({ view: true, edit: true, reply: true, delete: true });
    expect(commentPermissions('create', 'ann', 'bob')).toEqual({ view: true, edit: false, reply: true, delete: false });
    expect(commentPermissions('admin', 'ann', 'bob')).toEqual({ view: true, edit: false, reply: true, delete: true });
  });
});
