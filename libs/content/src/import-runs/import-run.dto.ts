import { ApiProperty, ApiPropertyOptional, type SchemaObject } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsObject,
  IsString,
  Length,
  ValidateBy,
  ValidateNested,
} from 'class-validator';
import { ApiField, IsOptionalNotNull, PageQuery, Stacked } from '@docs/platform';
import { IsHttpUrl } from '../import/import.dto';

/** GitBook's `files` cap of a `file` source. */
export const IMPORT_FILES_MAX = 50;
export const IMPORT_RUN_STATUS_FILTERS = ['active', 'pending', 'in-progress', 'completed', 'failed', 'cancelled'] as const;

const ID = () => Stacked(IsString(), Length(1, 100));
/** An optional id: absent, or an id (never null). */
const OptionalID = (description: string) => Stacked(ApiField({ description }), ID());

/** GitBook's ContentImportSource: `{ type: 'website', url }` or `{ type: 'file', files }`. */
export class ImportRunSourceInput {
  @ApiProperty({ enum: ['website', 'file'] })
  @IsIn(['website', 'file'], { message: 'source.type must be one of: website, file' })
  type!: 'website' | 'file';

  @ApiPropertyOptional()
  @Stacked(IsOptionalNotNull(), IsHttpUrl('source.url'))
  url?: string;

  @ApiPropertyOptional({ type: [String] })
  @Stacked(
    IsOptionalNotNull(),
    IsArray(),
    ArrayMinSize(1, { message: 'source.files must name at least one file' }),
    ArrayMaxSize(IMPORT_FILES_MAX, { message: `source.files must name at most ${IMPORT_FILES_MAX} files` }),
    IsString({ each: true }),
    Length(1, 100, { each: true, message: 'each of source.files must be a file key of 1 to 100 characters' }),
  )
  files?: string[];
}

export const SOURCE_SHAPES: SchemaObject[] = [
  {
    type: 'object',
    properties: {
      type: { type: 'string', enum: ['website'] },
      url: { type: 'string', format: 'uri', maxLength: 2048, pattern: '^(?:http|https)://', description: 'The page to import from' },
    },
    required: ['type', 'url'],
    additionalProperties: false,
  },
  {
    type: 'object',
    properties: {
      type: { type: 'string', enum: ['file'] },
      files: {
        type: 'array',
        minItems: 1,
        maxItems: IMPORT_FILES_MAX,
        items: { type: 'string', minLength: 1, maxLength: 100, description: 'Key of file: the id of a file of the target content' },
        description: 'Files to import: markdown (.md, .markdown) or HTML (.html, .htm) files of the target content',
      },
    },
    required: ['type', 'files'],
    additionalProperties: false,
  },
];

/** GitBook's ContentImportTarget. */
export class ImportRunTargetInput {
  @ApiProperty({ description: 'ID of the space to import in' })
  @ID()
  space!: string;

  @OptionalID('ID of the change request to import in')
  changeRequest?: string;

  @OptionalID('ID of the page to import in (the imported pages go under it)')
  page?: string;
}

/** POST /v1/org/{organizationId}/imports (startImportRun). */
export class StartImportRunBody {
  @Stacked(
    ApiProperty({ type: Object, oneOf: SOURCE_SHAPES, description: 'Where the content is imported from' }),
    IsObject({ message: 'source must be an object { type, url } or { type, files }' }),
    ValidateBy({
      name: 'oneImportSource',
      validator: {
        validate: (value: unknown) => {
          const { type, url, files } = (value ?? {}) as ImportRunSourceInput;
          return type === 'website'
            ? url !== undefined && files === undefined
            : type !== 'file' || (files !== undefined && url === undefined);
        },
        defaultMessage: () => 'source must be { type: "website", url } or { type: "file", files }',
      },
    }),
    ValidateNested(),
    Type(() => ImportRunSourceInput) as PropertyDecorator,
  )
  source!: ImportRunSourceInput;

  @Stacked(
    ApiProperty({ type: ImportRunTargetInput, description: 'Where the content is imported into' }),
    IsObject({ message: 'target must be an object { space, changeRequest?, page? }' }),
    ValidateNested(),
    Type(() => ImportRunTargetInput) as PropertyDecorator,
  )
  target!: ImportRunTargetInput;

  @OptionalID("ID of the site the import is for, to list it among that site's imports")
  site?: string;

  @ApiPropertyOptional({ default: true, description: 'Accepted for GitBook clients; this server does not enhance content with AI' })
  @Stacked(IsOptionalNotNull(), IsBoolean())
  enhance?: boolean;
}

/** GET /v1/org/{organizationId}/imports (listImportRuns). */
export class ListImportRunsQuery extends PageQuery {
  @OptionalID('Only return the import runs targeting this space.')
  space?: string;

  @OptionalID('Only return the import runs targeting this change request.')
  changeRequest?: string;

  @OptionalID('Only return the import runs targeting a space of this site.')
  site?: string;

  @ApiPropertyOptional({
    enum: IMPORT_RUN_STATUS_FILTERS,
    description: 'Only return the import runs in this status. `active` covers both `pending` and `in-progress`.',
  })
  @Stacked(
    IsOptionalNotNull(),
    IsIn(IMPORT_RUN_STATUS_FILTERS, { message: `status must be one of: ${IMPORT_RUN_STATUS_FILTERS.join(', ')}` }),
  )
  status?: (typeof IMPORT_RUN_STATUS_FILTERS)[number];
}
