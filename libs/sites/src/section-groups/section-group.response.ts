import { ApiProperty } from '@nestjs/swagger';
import { ApiObject } from '@docs/platform';
import { SiteSectionResponse } from '../sections/section.response';
import { IconProperty } from '../shared/site-fields.response';

/** GitBook's SiteSectionGroup (SitesPresenter.group). */
export class SiteSectionGroupResponse extends ApiObject('site-section-group', {
  description: 'Unique identifier of the site section group',
}) {
  @ApiProperty({ type: String, minLength: 1, maxLength: 100 })
  title!: string;

  @IconProperty()
  icon?: string;

  @ApiProperty({ type: Boolean, description: 'Whether the group is a draft (never)' })
  draft!: boolean;

  @ApiProperty({ type: () => [SiteSectionResponse], description: 'Its sections, in order (deprecated by GitBook for children)' })
  sections!: SiteSectionResponse[];

  @ApiProperty({ type: () => [SiteSectionResponse], description: 'Its sections, in order' })
  children!: SiteSectionResponse[];
}
