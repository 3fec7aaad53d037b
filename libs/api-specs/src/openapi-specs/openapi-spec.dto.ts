import { ApiProperty, ApiPropertyOptional, type SchemaObject } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsObject, IsString, IsUrl, Length, Matches, MaxLength, MinLength, ValidateBy, ValidateNested } from 'class-validator';
import { IsOptionalNotNull, Stacked } from '@docs/platform';
import { SPEC_SLUG, SPEC_SLUG_MAX } from './openapi-spec.decider';

/** GitBook's OpenAPISpecSource: `{ url }` (fetched in the background through the outbound guard) or `{ text }`, exactly one. */
export class OpenAPISpecSourceInput {
  @ApiPropertyOptional({ format: 'uri', maxLength: 2048, description: 'Where to fetch the specification (http or https)' })
  @Stacked(
    IsOptionalNotNull(),
    IsString(),
    MaxLength(2048),
    IsUrl(
      { protocols: ['http', 'https'], require_protocol: true, require_tld: false, require_host: true, allow_underscores: true },
      { message: 'source.url must be an http(s) URL' },
    ),
  )
  url?: string;

  @ApiPropertyOptional({ minLength: 1, description: 'The specification as text (JSON or YAML)' })
  @Stacked(IsOptionalNotNull(), IsString(), MinLength(1))
  text?: string;
}

/** As GitBook's OpenAPISpecSource states it: one object of two shapes, each refusing the other's field. */
const SOURCE_SHAPES: SchemaObject[] = [
  {
    type: 'object',
    description: 'Create a specification from a URL',
    properties: {
      url: {
        type: 'string',
        format: 'uri',
        maxLength: 2048,
        pattern: '^(?:http|https)://',
        description: 'Where to fetch the specification (http or https)',
      },
    },
    required: ['url'],
    additionalProperties: false,
  },
  {
    type: 'object',
    description: 'Create a specification from a text string',
    properties: { text: { type: 'string', minLength: 1, description: 'The specification as text (JSON or YAML)' } },
    required: ['text'],
    additionalProperties: false,
  },
];

const Source = () =>
  Stacked(
    ApiProperty({ type: Object, oneOf: SOURCE_SHAPES, description: 'Either { url } or { text }' }),
    IsObject({ message: 'source must be an object { url } or { text }' }),
    ValidateBy({
      name: 'oneSource',
      validator: {
        validate: (value: unknown) => {
          const { url, text } = (value ?? {}) as OpenAPISpecSourceInput;
          return (url === undefined) !== (text === undefined);
        },
        defaultMessage: () => 'source must have exactly one of url and text',
      },
    }),
    ValidateNested(),
    Type(() => OpenAPISpecSourceInput) as PropertyDecorator,
  );

/** POST /v1/orgs/{organizationId}/openapi (createOpenAPISpec). */
export class CreateOpenAPISpecBody {
  @ApiProperty({
    minLength: 1,
    maxLength: SPEC_SLUG_MAX,
    pattern: SPEC_SLUG.source,
    description: 'Slug used as reference, unique in the organization',
  })
  @IsString()
  @Length(1, SPEC_SLUG_MAX)
  @Matches(SPEC_SLUG, { message: 'slug must be lower-case letters and digits in dash-separated words' })
  slug!: string;

  @Source()
  source!: OpenAPISpecSourceInput;
}

/** PUT /v1/orgs/{organizationId}/openapi/{specSlug} (createOrUpdateOpenAPISpecBySlug). */
export class CreateOrUpdateOpenAPISpecBody {
  @Source()
  source!: OpenAPISpecSourceInput;
}
