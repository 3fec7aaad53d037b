import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsObject } from 'class-validator';
import { AdaptiveJsonSchema } from '../sites/site.decider';

/** PUT .../adaptive-schema (updateSiteAdaptiveSchema). */
export class UpdateSiteAdaptiveSchemaBody {
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description:
      "A draft-07 JSON Schema of the visitor claims (GitBook's SiteAdaptiveJSONSchema): type object, " +
      'properties of claims (boolean, string with an optional enum, number, array of those, object of ' +
      'claims) each with a description, an optional unsigned object of claims, additionalProperties false',
    example: {
      type: 'object',
      properties: { plan: { type: 'string', description: 'Subscription plan', enum: ['free', 'pro'] } },
      additionalProperties: false,
    },
  })
  // The JSON as sent: class-transformer would drop nested keys named like Object.prototype members.
  @Transform(({ obj }) => (obj as { jsonSchema?: unknown }).jsonSchema, { toClassOnly: true })
  @IsObject({ message: 'jsonSchema must be an object (it is required)' })
  jsonSchema!: AdaptiveJsonSchema;
}
