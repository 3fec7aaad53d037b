import { atLeast, RoleOrNone } from '@docs/kernel';

/**
 * What a caller may do to a comment or a reply (docs/collaboration-design.md, "Permissions"): the
 * decider enforces these answers and the presenter shows them as `permissions`, so the two agree.
 */
export interface AllowedOnComment {
  /** Anyone who can see the space sees its comments. */
  view: boolean;
  /** Edit the body: its author, with the comment role or more. */
  edit: boolean;
  /** React, reply, resolve and reopen: the comment role or more. */
  reply: boolean;
  /** Delete: its author or a space admin, with the comment role or more. */
  delete: boolean;
}

/** A caller with `role` in the space may post comments and take part in them: the comment role or more. */
export const mayComment = (role: RoleOrNone | undefined): boolean => atLeast(role, 'comment');

/** What `actor`, with `role` in the space, may do to a comment or a reply posted by `author`. */
export function commentPermissions(role: RoleOrNone | undefined, actor: string, author: string): AllowedOnComment {
  const commenter = mayComment(role);
  const own = actor === author;
  return { view: true, edit: commenter && own, reply: commenter, delete: commenter && (own || role === 'admin') };
}
