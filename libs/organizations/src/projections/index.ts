import { Projection } from '@docs/platform';
import { organizationsProjection } from './organizations.projection';
import { teamsProjection } from './teams.projection';
import { usersProjection } from './users.projection';

export const ORGANIZATIONS_CONTEXT_PROJECTIONS: Projection[] = [usersProjection, organizationsProjection, teamsProjection];
