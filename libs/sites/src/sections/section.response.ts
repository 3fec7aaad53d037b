import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ApiObject } from '@docs/platform';
import { SiteSpaceResponse, PublishedUrls } from '../site-spaces/site-space.response';
import { ConditionProperty, IconProperty } from '../shared/site-fields.response';

/** GitBook's SiteSection (SitesPresenter.section). */
export class SiteSectionResponse extends ApiObject('site-section', { description: 'Unique identifier of the site section' }) {
  @ApiProperty({ type: String, minLength: 2, maxLength: 128 })
  title!: string;

  @ApiPropertyOptional({ type: String, maxLength: 256, description: 'Absent when none' })
  description?: string;

  @ApiProperty({ type: Boolean, description: 'Whether it is the default section of the site (exactly one)' })
  default!: boolean;

  @ApiProperty({ type: Boolean, description: 'Whether the section is a draft (never: every section is live)' })
  draft!: boolean;

  @ApiProperty({ type: String, minLength: 1, maxLength: 100, description: 'Path of the section on the site, unique in the site' })
  path!: string;

  @ConditionProperty()
  condition?: string;

  @ApiPropertyOptional({ type: String, description: 'ID of the group holding the section; absent at the top level' })
  sectionGroup?: string;

  @ApiProperty({ type: () => [SiteSpaceResponse], description: 'Its site spaces, in order' })
  siteSpaces!: SiteSpaceResponse[];

  @ApiProperty({ type: () => PublishedUrls })
  urls!: PublishedUrls;

  @IconProperty()
  icon?: string;
}
