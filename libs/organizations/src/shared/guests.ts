/**
 * Members without a role (guests) see only what is shared with them: what they are refused, as the
 * 403 messages of `scope.requireAllowed`, which asks the same policies their answers' `permissions`
 * show (organization.policy: listMembers, listTeams; translation.policy: view).
 */
export const GUESTS_CANNOT_SEE_MEMBERS = 'guests cannot list or view other organization members';
export const GUESTS_CANNOT_SEE_TEAMS = 'guests cannot list the teams of the organization';
export const GUESTS_CANNOT_READ_TRANSLATIONS = 'guests cannot read the translation settings of the organization';
