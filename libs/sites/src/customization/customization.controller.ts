import { Body, Param, Query, Res } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiController, Endpoint, Operation } from '@docs/platform';
import { SiteScope } from '../shared/sites-scope';
import { Site } from '../shared/site-scope';
import { SiteRoutes } from '../shared/site-routes';
import { CustomizationQuery, OverrideSiteSpaceCustomizationBody, UpdateSiteCustomizationBody } from './customization.dto';
import { SiteCustomizationResponse } from './customization.response';
import { DeleteSiteSpaceCustomization } from './delete-site-space-customization';
import { GetSiteCustomization } from './get-site-customization';
import { OverrideSiteSpaceCustomization } from './override-site-space-customization';
import { UpdateSiteCustomization } from './update-site-customization';

/** The customization of a site (GitBook's SiteCustomizationSettings) and its site spaces' overrides (docs/sites-api.md). */
@ApiController('v1/orgs/:organizationId/sites/:siteId', 'sites')
export class CustomizationController extends SiteRoutes {
  @Endpoint('GET', 'customization', { answers: SiteCustomizationResponse })
  @Operation('getSiteCustomizationById', "Get a site's customization (GitBook's defaults until one is PUT)")
  get(@Site() scope: SiteScope, @Query() _query: CustomizationQuery) {
    return this.useCases.query(new GetSiteCustomization({}, scope));
  }

  @Endpoint('PUT', 'customization', { status: 200, answers: SiteCustomizationResponse })
  @Operation('updateSiteCustomizationById', "Replace a site's customization, whole")
  update(@Site() scope: SiteScope, @Body() body: UpdateSiteCustomizationBody) {
    return this.useCases.command(new UpdateSiteCustomization({ settings: { ...body } }, scope));
  }

  @Endpoint('GET', 'site-spaces/:siteSpaceId/customization', { answers: SiteCustomizationResponse })
  @Operation('getSiteSpaceCustomizationById', "Get a site space's customization: the site's, with the site space's override over it")
  getSiteSpace(@Site() scope: SiteScope, @Param('siteSpaceId') siteSpaceId: string, @Query() _query: CustomizationQuery) {
    return this.useCases.query(new GetSiteCustomization({ siteSpaceId }, scope));
  }

  @Endpoint('PATCH', 'site-spaces/:siteSpaceId/customization', { answers: SiteCustomizationResponse })
  @Operation('overrideSiteSpaceCustomizationById', "Change a site space's override of the site's customization (null resets a value)")
  override(@Site() scope: SiteScope, @Param('siteSpaceId') siteSpaceId: string, @Body() body: OverrideSiteSpaceCustomizationBody) {
    return this.useCases.command(new OverrideSiteSpaceCustomization({ siteSpaceId, changes: { ...body } }, scope));
  }

  @Endpoint('DELETE', 'site-spaces/:siteSpaceId/customization', { status: 205, answers: null })
  @ApiResponse({ status: 204, description: 'The site space had no override' })
  @Operation('deleteSiteSpaceCustomizationById', "Remove a site space's override: 205 when removed, 204 when it had none")
  async remove(@Site() scope: SiteScope, @Param('siteSpaceId') siteSpaceId: string, @Res({ passthrough: true }) reply: FastifyReply) {
    const removed = await this.useCases.command(new DeleteSiteSpaceCustomization({ siteSpaceId }, scope));
    if (!removed) void reply.status(204);
  }
}
