import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsString, IsUrl, MaxLength } from 'class-validator';
import { Stacked } from '@docs/platform';

/** An http(s) URL with a host, at most 2048 characters; the message names `field`. */
export const IsHttpUrl = (field: string) =>
  Stacked(
    IsString(),
    MaxLength(2048),
    IsUrl(
      { protocols: ['http', 'https'], require_protocol: true, require_tld: false, require_host: true, allow_underscores: true },
      { message: `${field} must be an http(s) URL` },
    ),
  );

export const IMPORT_SOURCES = ['website'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

/**
 * POST …/content/import: GitBook's `{ url, source }`. Only `website` is a source here. The URL's
 * host is checked when it is fetched (the outbound guard), not here: a refused host is 422.
 */
export class ImportContentBody {
  @ApiProperty({
    format: 'uri',
    maxLength: 2048,
    example: 'https://docs.example.invalid/guide/',
    description: 'The page to import (http or https); the same-origin pages it links to are imported too, within the documented bounds',
  })
  @IsHttpUrl('url')
  url!: string;

  @ApiProperty({ type: String, enum: IMPORT_SOURCES, description: 'What the URL is: `website` (HTML pages)' })
  @IsIn(IMPORT_SOURCES, { message: `source must be one of: ${IMPORT_SOURCES.join(', ')}` })
  source!: ImportSource;
}
