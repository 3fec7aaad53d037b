import { Body, Query } from '@nestjs/common';
import { ApiController, Endpoint, Operation, sentFields } from '@docs/platform';
import { GetPublishedSite } from './get-published-site';
import { GetSiteStructure } from './get-site-structure';
import { SiteScope } from '../shared/sites-scope';
import { SortSiteStructure } from './sort-site-structure';
import { PublishedSiteQuery, SiteStructureQuery, SortSiteStructureBody } from './structure.dto';
import { PublishedContentSiteResponse } from './published-site.response';
import { SiteSectionGroupResponse } from '../section-groups/section-group.response';
import { SiteSectionResponse } from '../sections/section.response';
import { SiteStructureResponse } from './structure.response';
import { SiteSpaceResponse } from '../site-spaces/site-space.response';
import { Site } from '../shared/site-scope';
import { SiteRoutes } from '../shared/site-routes';

/** The structure of a site, read whole (alone or in the published profile) and sorted item by item. */
@ApiController('v1/orgs/:organizationId/sites/:siteId', 'sites')
export class SiteStructureController extends SiteRoutes {
  @Endpoint('GET', 'structure', { answers: SiteStructureResponse })
  @Operation('getSiteStructure', 'Get the structure of a site: its sections and groups, or its site spaces')
  async get(@Site() scope: SiteScope, @Query() query: SiteStructureQuery) {
    const { structure, share } = await this.useCases.query(new GetSiteStructure(sentFields(query, ['shareKey']), scope));
    return this.present.structure(structure, share);
  }

  @Endpoint('GET', 'published', { answers: PublishedContentSiteResponse })
  @Operation(
    'getPublishedContentSite',
    'Get the published profile of a site (its structure and customization at the defaults), published or not: `site.published` says',
  )
  async published(@Site() scope: SiteScope, @Query() query: PublishedSiteQuery) {
    return this.present.published(await this.useCases.query(new GetPublishedSite(sentFields(query, ['shareKey']), scope)));
  }

  @Endpoint('PATCH', 'structure/sort', { answers: { oneOf: [SiteSpaceResponse, SiteSectionResponse, SiteSectionGroupResponse] } })
  @Operation('sortSiteStructure', 'Move a site space, section or section group before or after a sibling, or to the end of its level')
  async sort(@Site() scope: SiteScope, @Body() body: SortSiteStructureBody) {
    const { before, after } = body.position;
    const position = { ...(before ? { before } : {}), ...(after ? { after } : {}) };
    return this.present.item(await this.useCases.command(new SortSiteStructure({ item: body.item, position }, scope)));
  }
}
