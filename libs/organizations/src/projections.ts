import { Projection } from '@docs/platform/projections';
import { organizationsProjection } from './organizations/organizations.projection';
import { samlProjection } from './saml/saml.projection';
import { teamsProjection } from './teams/teams.projection';
import { translationsProjection } from './translations/translations.projection';
import { usersProjection } from './users/users.projection';

/** The audit projection is not here: the app builds it from every context's audit catalog (`auditProjection`). */
export const ORGANIZATIONS_CONTEXT_PROJECTIONS: Projection[] = [
  usersProjection,
  organizationsProjection,
  teamsProjection,
  samlProjection,
  translationsProjection,
];
