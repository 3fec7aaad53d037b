import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';
import { OptionalText, PageQuery, Stacked } from '@docs/platform';
import { INTEGRATION_NAME, INTEGRATION_NAME_MAX } from '../integrations/integration.decider';

/** GET /v1/integrations/{integrationName}/installations (listIntegrationInstallations). */
export class ListInstallationsQuery extends PageQuery {
  @OptionalText(200, { type: String, maxLength: 200, description: 'External id to filter by' })
  externalId?: string;
}

/** POST /v1/integrations/{integrationName}/installations (installIntegration): GitBook's OrganizationTarget. */
export class InstallIntegrationBody {
  @ApiProperty({
    type: String,
    minLength: 1,
    maxLength: 100,
    description: 'The organization to install on (the caller must administer it)',
  })
  @Stacked(IsString(), Length(1, 100))
  organization!: string;
}

export { INTEGRATION_NAME, INTEGRATION_NAME_MAX };
