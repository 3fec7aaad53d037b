import { ApiExtraModels, ApiProperty, getSchemaPath } from '@nestjs/swagger';
import { SiteSpaceResponse } from '../site-spaces/site-space.response';
import { SiteSectionGroupResponse } from '../section-groups/section-group.response';
import { SiteSectionResponse } from '../sections/section.response';

/** GitBook's SiteStructure: the top level of sections and groups, or, for a site without sections, its site spaces. */
@ApiExtraModels(SiteSpaceResponse, SiteSectionResponse, SiteSectionGroupResponse)
export class SiteStructureResponse {
  @ApiProperty({ type: String, enum: ['sections', 'siteSpaces'], description: 'sections: the site has sections; siteSpaces: it has none' })
  type!: 'sections' | 'siteSpaces';

  @ApiProperty({
    type: 'array',
    items: {
      oneOf: [
        { $ref: getSchemaPath(SiteSectionResponse) },
        { $ref: getSchemaPath(SiteSectionGroupResponse) },
        { $ref: getSchemaPath(SiteSpaceResponse) },
      ],
    },
    description: 'Sections and groups (type sections), or site spaces (type siteSpaces), in order',
  })
  structure!: unknown[];
}
