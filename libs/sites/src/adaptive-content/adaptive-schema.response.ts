import { ApiProperty } from '@nestjs/swagger';
import { DateTime } from '@docs/platform';

/** GitBook's SiteAdaptiveSchema. */
export class SiteAdaptiveSchemaResponse {
  @ApiProperty({ type: String, enum: ['site-adaptive-schema'] })
  object!: 'site-adaptive-schema';

  @ApiProperty({ type: 'object', additionalProperties: true, description: 'The JSON schema of the visitor claims, as PUT' })
  jsonSchema!: object;

  @DateTime('When the adaptive schema was updated')
  updatedAt!: string;
}

/** GitBook's SiteAdaptiveTemplateCondition. */
export class SiteAdaptiveTemplateConditionResponse {
  @ApiProperty({ type: String, description: 'A short description of the suggested condition' })
  description!: string;

  @ApiProperty({ type: String, description: 'The suggested condition' })
  condition!: string;
}

/** The template conditions of a site (listSiteAdaptiveTemplateConditions): all of them, in the order of the schema. */
export class SiteAdaptiveTemplateConditionsResponse {
  @ApiProperty({ type: () => [SiteAdaptiveTemplateConditionResponse] })
  items!: SiteAdaptiveTemplateConditionResponse[];
}
