import { ApiProperty } from '@nestjs/swagger';
import { DateTime, Urls } from '@docs/platform';

export class OrganizationTargetResponse {
  @ApiProperty({ type: String })
  organization!: string;
}

export class IntegrationInstallationUrls extends Urls({ app: undefined, publicEndpoint: undefined, publicContentEndpoint: undefined }) {}

/** GitBook's IntegrationInstallation (organization level). */
export class IntegrationInstallationResponse {
  @ApiProperty({ type: String })
  id!: string;

  @DateTime()
  createdAt!: string;

  @DateTime()
  updatedAt!: string;

  @ApiProperty({ type: String, enum: ['active', 'pending', 'paused'] })
  status!: string;

  @ApiProperty({ type: String, enum: ['all', 'selected'] })
  space_selection!: string;

  @ApiProperty({ type: String, enum: ['all', 'selected'] })
  site_selection!: string;

  @ApiProperty({ type: Number, minimum: 0 })
  spaces!: number;

  @ApiProperty({ type: Object, description: 'Configuration at the account level' })
  configuration!: Record<string, unknown>;

  @ApiProperty({ type: () => IntegrationInstallationUrls })
  urls!: IntegrationInstallationUrls;

  @ApiProperty({ type: [String], maxItems: 5 })
  externalIds!: string[];

  @ApiProperty({ type: () => OrganizationTargetResponse })
  target!: OrganizationTargetResponse;
}
