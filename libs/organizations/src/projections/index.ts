import { Projection } from '@docs/platform';
import { auditProjection } from './audit.projection';
import { organizationsProjection } from './organizations.projection';
import { samlProjection } from './saml.projection';
import { teamsProjection } from './teams.projection';
import { translationsProjection } from './translations.projection';
import { usersProjection } from './users.projection';

export const ORGANIZATIONS_CONTEXT_PROJECTIONS: Projection[] = [usersProjection, organizationsProjection, teamsProjection, samlProjection, translationsProjection, auditProjection];
