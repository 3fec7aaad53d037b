import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  IsUrl,
  Length,
  Matches,
  MaxLength,
  MinLength,
  ValidateBy,
  ValidateNested,
} from 'class-validator';
import { IsOptionalNotNull, OptionalText, PageQuery, Stacked, toBoolean } from '@docs/platform';
import {
  INTEGRATION_CATEGORIES,
  INTEGRATION_NAME,
  INTEGRATION_RUNTIMES,
  INTEGRATION_SCOPES,
  INTEGRATION_TARGETS,
  INTEGRATION_VISIBILITIES,
  IntegrationRuntime,
  IntegrationTarget,
  IntegrationVisibility,
} from './integration.decider';
import { imageTypeOf } from './publish-integration';
import { configurationsProblem } from './configurations.dto';

/** Base64 images (icon, preview images) are at most 100 KiB of bytes: answers carry them as data URIs. */
export const MAX_IMAGE_BYTES = 100 * 1024;

const MAX_IMAGE_BASE64 = Math.ceil(MAX_IMAGE_BYTES / 3) * 4;

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

const isImage = (value: unknown) =>
  typeof value === 'string' &&
  value.length > 0 &&
  value.length <= MAX_IMAGE_BASE64 &&
  BASE64.test(value) &&
  imageTypeOf(Buffer.from(value, 'base64')) !== undefined;

/** How the served document states an image (a format of the server's own, with a 1x1 PNG as its example). */
const IMAGE = {
  type: 'string',
  format: 'base64-image',
  maxLength: MAX_IMAGE_BASE64,
  example: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
} as const;

const IsBase64Image = (each = false) =>
  ValidateBy(
    {
      name: 'isBase64Image',
      validator: {
        validate: isImage,
        defaultMessage: (args) =>
          `${args?.property} must be a base64 image (PNG, JPEG, GIF, SVG, WebP...) of at most ${MAX_IMAGE_BYTES} bytes`,
      },
    },
    { each },
  );

const CSP_DIRECTIVES = [
  'base-uri',
  'block-all-mixed-content',
  'child-src',
  'connect-src',
  'default-src',
  'font-src',
  'form-action',
  'frame-ancestors',
  'frame-src',
  'img-src',
  'manifest-src',
  'media-src',
  'navigate-to',
  'object-src',
  'plugin-types',
  'prefetch-src',
  'referrer',
  'report-to',
  'report-uri',
  'require-sri-for',
  'require-trusted-types-for',
  'sandbox',
  'script-src',
  'script-src-attr',
  'script-src-elem',
  'style-src',
  'style-src-attr',
  'style-src-elem',
  'trusted-types',
  'upgrade-insecure-requests',
  'worker-src',
];

const isPolicy = (value: unknown) =>
  (typeof value === 'string' && value.length <= 4096) ||
  (typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.entries(value).every(([k, v]) => CSP_DIRECTIVES.includes(k) && typeof v === 'string' && v.length <= 4096));

const MAX_SECRETS = 20;

/** Names of Object.prototype members (`toString`...) name nothing here: refused as secret names. */
const isPrototypeName = (key: string) => key in Object.prototype;

const isSecrets = (value: unknown) =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.keys(value).length <= MAX_SECRETS &&
  Object.entries(value).every(
    ([k, v]) => k.length >= 1 && k.length <= 100 && !isPrototypeName(k) && typeof v === 'string' && v.length <= 4096,
  );

/**
 * Free-form objects are validated as sent: class-transformer would silently drop keys such as
 * `toString` (their value on a new object is a function), which must be refused instead.
 */
const AsSent = () => Transform(({ obj, key }) => (obj as Record<string, unknown>)[key]) as PropertyDecorator;

/** An optional free-form object, validated as sent: `validate` accepts it, or the answer is 400 with `message`. */
const FreeForm = (name: string, validate: (value: unknown) => boolean, message: (value: unknown) => string) =>
  Stacked(AsSent(), IsOptionalNotNull(), ValidateBy({ name, validator: { validate, defaultMessage: (args) => message(args?.value) } }));

/** An optional list of at most `maxItems` objects of the class `type`, each validated as one. */
const NestedList = (type: () => new () => object, maxItems: number) =>
  Stacked(
    // Swagger takes a function as a lazy type only when the function is named `type`, as this arrow is.
    ApiPropertyOptional({ type: () => [type()], maxItems }),
    IsOptionalNotNull(),
    IsArray(),
    ArrayMaxSize(maxItems),
    ValidateNested({ each: true }),
    Type(type) as PropertyDecorator,
  );

export class IntegrationBlockMarkdownInput {
  @ApiProperty({ type: String, maxLength: 100 })
  @Stacked(IsString(), MaxLength(100))
  codeblock!: string;

  @ApiProperty({ type: String, maxLength: 100 })
  @Stacked(IsString(), MaxLength(100))
  body!: string;
}

/** What blocks and content sources both declare: an id, a title, and optionally a description and an icon. */
abstract class IntegrationComponentInput {
  @ApiProperty({ type: String, minLength: 1, maxLength: 100 })
  @Stacked(IsString(), Length(1, 100))
  id!: string;

  @ApiProperty({ type: String, minLength: 2, maxLength: 40 })
  @Stacked(IsString(), Length(2, 40))
  title!: string;

  @ApiPropertyOptional({ type: String, maxLength: 150 })
  @Stacked(IsOptionalNotNull(), IsString(), MaxLength(150))
  description?: string;

  @ApiPropertyOptional({ type: String, maxLength: 2048 })
  @Stacked(IsOptionalNotNull(), IsString(), MaxLength(2048))
  icon?: string;
}

export class IntegrationBlockInput extends IntegrationComponentInput {
  @ApiPropertyOptional({ type: [String], maxItems: 50 })
  @Stacked(IsOptionalNotNull(), IsArray(), ArrayMaxSize(50), IsString({ each: true }), MaxLength(2048, { each: true }))
  urlUnfurl?: string[];

  @ApiPropertyOptional({ type: () => IntegrationBlockMarkdownInput })
  @Stacked(IsOptionalNotNull(), IsObject(), ValidateNested(), Type(() => IntegrationBlockMarkdownInput) as PropertyDecorator)
  markdown?: IntegrationBlockMarkdownInput;
}

export class IntegrationConfigurationComponentInput {
  @ApiProperty({ type: String, minLength: 1, maxLength: 100 })
  @Stacked(IsString(), Length(1, 100))
  componentId!: string;
}

export class IntegrationContentSourceInput extends IntegrationComponentInput {
  @ApiProperty({ type: () => IntegrationConfigurationComponentInput })
  @Stacked(IsObject(), ValidateNested(), Type(() => IntegrationConfigurationComponentInput) as PropertyDecorator)
  configuration!: IntegrationConfigurationComponentInput;
}

export class IntegrationExternalLinkInput {
  @ApiProperty({ type: String, format: 'uri', maxLength: 2048 })
  @Stacked(
    IsString(),
    MaxLength(2048),
    IsUrl({ protocols: ['http', 'https'], require_protocol: true }, { message: 'externalLinks url must be an http(s) URL' }),
  )
  url!: string;

  @ApiProperty({ type: String, minLength: 1, maxLength: 100 })
  @Stacked(IsString(), Length(1, 100))
  label!: string;
}

/** POST /v1/integrations/{integrationName} (publishIntegration): GitBook's PublishIntegration. */
export class PublishIntegrationBody {
  @ApiPropertyOptional({ type: String, enum: INTEGRATION_RUNTIMES, default: 'v1' })
  @Stacked(IsOptionalNotNull(), IsIn(INTEGRATION_RUNTIMES))
  runtime?: IntegrationRuntime;

  @ApiPropertyOptional({ ...IMAGE, description: 'Base64 content of the icon (an image: PNG, JPEG, GIF, SVG, WebP...)' })
  @Stacked(IsOptionalNotNull(), IsString(), IsBase64Image())
  icon?: string;

  @ApiProperty({ type: String, minLength: 2, maxLength: 30 })
  @Stacked(IsString(), Length(2, 30))
  title!: string;

  @ApiProperty({ type: String, maxLength: 100 })
  @Stacked(IsString(), MaxLength(100))
  description!: string;

  @ApiPropertyOptional({ type: String, maxLength: 2048, description: 'Long form markdown summary' })
  @Stacked(IsOptionalNotNull(), IsString(), MaxLength(2048))
  summary?: string;

  @ApiPropertyOptional({ type: 'array', items: IMAGE, maxItems: 3, description: 'Base64 content of the images' })
  @Stacked(IsOptionalNotNull(), IsArray(), ArrayMaxSize(3), IsString({ each: true }), IsBase64Image(true))
  previewImages?: string[];

  @ApiPropertyOptional({ type: String, enum: INTEGRATION_VISIBILITIES, default: 'private' })
  @Stacked(IsOptionalNotNull(), IsIn(INTEGRATION_VISIBILITIES))
  visibility?: IntegrationVisibility;

  @ApiPropertyOptional({ type: String, enum: INTEGRATION_TARGETS, default: 'all' })
  @Stacked(IsOptionalNotNull(), IsIn(INTEGRATION_TARGETS))
  target?: IntegrationTarget;

  @ApiProperty({ type: String, enum: INTEGRATION_SCOPES, isArray: true })
  @Stacked(IsArray(), ArrayMaxSize(INTEGRATION_SCOPES.length), IsIn(INTEGRATION_SCOPES, { each: true }))
  scopes!: string[];

  @ApiPropertyOptional({ type: String, enum: INTEGRATION_CATEGORIES, isArray: true })
  @Stacked(IsOptionalNotNull(), IsArray(), ArrayMaxSize(INTEGRATION_CATEGORIES.length), IsIn(INTEGRATION_CATEGORIES, { each: true }))
  categories?: string[];

  @NestedList(() => IntegrationBlockInput, 50)
  blocks?: IntegrationBlockInput[];

  @NestedList(() => IntegrationContentSourceInput, 50)
  contentSources?: IntegrationContentSourceInput[];

  @NestedList(() => IntegrationExternalLinkInput, 5)
  externalLinks?: IntegrationExternalLinkInput[];

  @ApiPropertyOptional({ type: Object, description: 'account, space and site configurations: { componentId } or { properties, required }' })
  @FreeForm(
    'isConfigurations',
    (value) => configurationsProblem(value) === null,
    (value) => configurationsProblem(value) ?? 'configurations is invalid',
  )
  configurations?: Record<string, unknown>;

  @ApiProperty({ type: String, minLength: 1, description: 'Content of the script' })
  @Stacked(IsString(), MinLength(1))
  script!: string;

  @ApiProperty({
    type: String,
    minLength: 1,
    maxLength: 100,
    description: 'The id of the publishing organization (the caller must administer it)',
  })
  @Stacked(IsString(), Length(1, 100))
  organization!: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'string', maxLength: 4096 },
    maxProperties: MAX_SECRETS,
    description: 'Secrets passed at runtime, by name (1 to 100 characters, not a name of Object.prototype); never returned',
  } as never)
  @FreeForm(
    'isSecrets',
    isSecrets,
    () => `secrets must map at most ${MAX_SECRETS} names (1 to 100 characters) to strings of at most 4096 characters`,
  )
  secrets?: Record<string, string>;

  @ApiPropertyOptional({
    oneOf: [
      { type: 'string', maxLength: 4096 },
      {
        type: 'object',
        properties: Object.fromEntries(CSP_DIRECTIVES.map((directive) => [directive, { type: 'string', maxLength: 4096 }])),
        additionalProperties: false,
      },
    ],
    description: 'Content security policy of the scripts',
  } as never)
  @FreeForm('isPolicy', isPolicy, () => 'contentSecurityPolicy must be a string or an object of known directives to strings')
  contentSecurityPolicy?: string | Record<string, string>;
}

const Flag = (name: string, description: string) =>
  Stacked(
    ApiPropertyOptional({ type: Boolean, description }),
    IsOptional(),
    Transform(toBoolean),
    IsBoolean({ message: `${name} must be true or false` }),
  );

/** A filter by text of at most 100 characters. */
const TextFilter = (description: string) => Stacked(ApiPropertyOptional({ type: String, maxLength: 100, description }), OptionalText(100));

/** A filter by one of `values`. */
const OneOf = (values: readonly string[]) => Stacked(ApiPropertyOptional({ type: String, enum: values }), IsOptional(), IsIn(values));

/** GET /v1/integrations (listIntegrations): the seed's filters. */
export class ListIntegrationsQuery extends PageQuery {
  @TextFilter('Filters integrations by name or title')
  search?: string;

  @OneOf(INTEGRATION_CATEGORIES)
  category?: string;

  @ApiPropertyOptional({
    type: String,
    maxLength: 100,
    pattern: INTEGRATION_NAME.source,
    description: "Filters integrations by their blocks' domains",
  })
  @Stacked(OptionalText(100), Matches(INTEGRATION_NAME, { message: 'blockDomain must be letters, digits, "-", "_" or "."' }))
  blockDomain?: string;

  @Flag('blocks', 'true: only integrations with blocks; false: only those without')
  blocks?: boolean;

  @Flag('contentSources', 'true: only integrations with content sources; false: only those without')
  contentSources?: boolean;

  @TextFilter('Only the integrations owned by this organization')
  owner?: string;

  @OneOf(INTEGRATION_SCOPES)
  scope?: string;

  @OneOf(INTEGRATION_TARGETS)
  target?: IntegrationTarget;
}
