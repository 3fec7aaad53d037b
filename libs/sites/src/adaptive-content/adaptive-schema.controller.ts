import { Body } from '@nestjs/common';
import { ApiController, Endpoint, Operation } from '@docs/platform';
import { GetSiteAdaptiveSchema } from './get-site-adaptive-schema';
import { ListSiteAdaptiveTemplateConditions } from './list-site-adaptive-template-conditions';
import { SiteScope } from '../shared/sites-scope';
import { UpdateSiteAdaptiveSchema } from './update-site-adaptive-schema';
import { UpdateSiteAdaptiveSchemaBody } from './adaptive-schema.dto';
import { SiteAdaptiveSchemaResponse, SiteAdaptiveTemplateConditionsResponse } from './adaptive-schema.response';
import { Site } from '../shared/site-scope';
import { SiteRoutes } from '../shared/site-routes';

/** The adaptive schema of a site (the visitor claims its conditions read) and the template conditions derived from it. */
@ApiController('v1/orgs/:organizationId/sites/:siteId', 'sites')
export class AdaptiveSchemaController extends SiteRoutes {
  @Endpoint('GET', 'adaptive-schema', { answers: SiteAdaptiveSchemaResponse })
  @Operation('getSiteAdaptiveSchema', 'Get the adaptive schema of a site (404 until one is set)')
  async get(@Site() scope: SiteScope) {
    return this.present.adaptiveSchema(await this.useCases.query(new GetSiteAdaptiveSchema({}, scope)));
  }

  @Endpoint('PUT', 'adaptive-schema', { status: 200, answers: SiteAdaptiveSchemaResponse })
  @Operation('updateSiteAdaptiveSchema', 'Replace the adaptive schema of a site: a draft-07 JSON Schema of the visitor claims')
  async update(@Site() scope: SiteScope, @Body() body: UpdateSiteAdaptiveSchemaBody) {
    return this.present.adaptiveSchema(await this.useCases.command(new UpdateSiteAdaptiveSchema({ jsonSchema: body.jsonSchema }, scope)));
  }

  @Endpoint('GET', 'adaptive-schema/template-conditions', { answers: SiteAdaptiveTemplateConditionsResponse })
  @Operation('listSiteAdaptiveTemplateConditions', "List the template conditions derived from the site's adaptive schema")
  async templateConditions(@Site() scope: SiteScope) {
    return { items: await this.useCases.query(new ListSiteAdaptiveTemplateConditions({}, scope)) };
  }
}
