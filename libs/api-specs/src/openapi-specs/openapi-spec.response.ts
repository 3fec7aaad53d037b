import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ApiObject, ApiTimestampedObject, DateTime, LocationUrls, OptionalDateTime, Permissions, Urls } from '@docs/platform';

export const PROCESSING_STATES = ['pending', 'progress', 'complete'] as const;
export const PROCESS_ERROR_CODES = ['FETCH_TIMEOUT', 'FETCH_ERROR', 'PARSE_ERROR'] as const;

export class OpenAPISpecPermissions extends Permissions({
  view: 'Can the caller view the specification (members with a role)',
  edit: 'Can the caller change it (organization admins and members with the create role)',
}) {}

export class OpenAPISpecUrls extends Urls({ app: 'URL of the specification in the application' }) {}

export class OpenAPISpecError {
  @ApiProperty({ type: String })
  message!: string;

  @ApiPropertyOptional({ type: String })
  code?: string;
}

/** GitBook's OpenAPISpec (OpenAPISpecsPresenter.spec). */
export class OpenAPISpecResponse extends ApiTimestampedObject('openapi-spec') {
  @ApiProperty({ type: String, minLength: 1, maxLength: 100 })
  slug!: string;

  @ApiPropertyOptional({
    type: String,
    format: 'uri',
    maxLength: 2048,
    description: 'The URL the specification is fetched from (url sources)',
  })
  sourceURL?: string;

  @ApiProperty({ type: String, enum: PROCESSING_STATES })
  processingState!: string;

  @ApiPropertyOptional({ type: String, description: 'info.version of the last processed document' })
  lastVersion?: string;

  @OptionalDateTime()
  lastProcessedAt?: string;

  @ApiPropertyOptional({ type: String, enum: PROCESS_ERROR_CODES })
  lastProcessErrorCode?: string;

  @ApiPropertyOptional({ type: () => [OpenAPISpecError] })
  lastProcessedErrors?: OpenAPISpecError[];

  @ApiProperty({ type: Number, minimum: 0 })
  lastProcessedErrorCount!: number;

  @ApiProperty({ type: () => OpenAPISpecPermissions })
  permissions!: OpenAPISpecPermissions;

  @ApiProperty({ type: () => OpenAPISpecUrls })
  urls!: OpenAPISpecUrls;
}

/** GitBook's OpenAPISpecVersion. */
export class OpenAPISpecVersionResponse extends ApiObject('openapi-spec-version') {
  @DateTime()
  createdAt!: string;

  @ApiProperty({
    type: String,
    format: 'uri',
    description: 'Where the specification is accessible: its source URL, or its content in this API',
  })
  url!: string;

  @ApiProperty({ type: () => LocationUrls })
  urls!: LocationUrls;
}

export class OpenAPISpecContentUrls {
  @ApiProperty({ type: String, format: 'uri' })
  source!: string;

  @ApiProperty({ type: String, format: 'uri', nullable: true, description: 'Always null: specifications are private' })
  public!: string | null;
}

/** GitBook's OpenAPISpecContent. */
export class OpenAPISpecContentResponse {
  @ApiProperty({
    type: Object,
    description: 'The files of the specification by name: `openapi.json`, the document with its local references resolved',
  })
  filesystem!: Record<string, unknown>;

  @ApiProperty({ type: () => OpenAPISpecContentUrls })
  urls!: OpenAPISpecContentUrls;
}

/** GitBook's OpenAPISpecRawContent. */
export class OpenAPISpecRawContentResponse {
  @ApiProperty({ type: String, description: 'The specification text, exactly as fetched or given' })
  text!: string;

  @ApiProperty({ type: String, enum: ['json', 'yaml'] })
  format!: string;
}
