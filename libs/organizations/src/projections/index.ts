import { Projection } from '@docs/platform';
import { organizationsProjection } from './organizations.projection';
import { samlProjection } from './saml.projection';
import { teamsProjection } from './teams.projection';
import { translationsProjection } from './translations.projection';
import { usersProjection } from './users.projection';

/** The audit projection is not here: the app builds it from every context's audit catalog (`auditProjection`). */
export const ORGANIZATIONS_CONTEXT_PROJECTIONS: Projection[] = [usersProjection, organizationsProjection, teamsProjection, samlProjection, translationsProjection];
