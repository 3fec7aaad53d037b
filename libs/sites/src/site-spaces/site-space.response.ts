import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ApiObject } from '@docs/platform';
import { SpaceResponse } from '@docs/content';
import { ConditionProperty } from '../shared/site-fields.response';

export class PublishedUrls {
  @ApiPropertyOptional({ type: String, format: 'uri', description: 'URL of the published version; only while the site is published' })
  published?: string;
}

export class SiteSpaceUrls extends PublishedUrls {
  @ApiProperty({ type: String, format: 'uri', description: 'API URL of this site space' })
  location!: string;
}

/** GitBook's SiteSpace (SitesPresenter.siteSpace). */
export class SiteSpaceResponse extends ApiObject('site-space', { description: 'Unique identifier of the site space' }) {
  @ApiProperty({ type: String, minLength: 1, maxLength: 100, description: 'Path of the space on the site, unique at its level' })
  path!: string;

  @ApiPropertyOptional({ type: String, description: 'ID of the section the site space belongs to; absent at the root level' })
  section?: string;

  @ApiProperty({ type: () => SpaceResponse, description: "The space, as content's GET /v1/spaces/{spaceId} answers it" })
  space!: SpaceResponse;

  @ApiProperty({ type: String, description: 'Title of the space' })
  title!: string;

  @ApiProperty({ type: Boolean, description: 'Whether it is the default site space of its level (exactly one per level)' })
  default!: boolean;

  @ConditionProperty()
  condition?: string;

  @ApiProperty({ type: Boolean, description: 'Whether the site space is a draft (never: every site space is live)' })
  draft!: boolean;

  @ApiProperty({ type: Boolean, description: 'Whether the space has the advanced customization feature (never here)' })
  hasAdvancedCustomizationFeature!: boolean;

  @ApiProperty({ type: () => SiteSpaceUrls })
  urls!: SiteSpaceUrls;
}
