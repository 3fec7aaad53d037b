import { OrganizationsPresenter, UserDoc, UserResponse } from '@docs/organizations';

/** A user no longer found (never expected: users are not deleted): their id, and no name. */
const unknownUser = (id: string): Pick<UserDoc, 'id' | 'displayName' | 'email'> => ({ id, displayName: id, email: '' });

/** Presents the users a change request names (creator, merger, reviewers) from those looked up, by id. */
export const namedUsers =
  (organizations: OrganizationsPresenter, users: ReadonlyMap<string, UserDoc>) =>
  (id: string): UserResponse =>
    organizations.user(users.get(id) ?? unknownUser(id));
