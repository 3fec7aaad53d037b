import { Body } from '@nestjs/common';
import { ApiController, Endpoint } from '@docs/platform';
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
  @Endpoint('GET', 'adaptive-schema', {
    operationId: 'getSiteAdaptiveSchema',
    summary: 'Get the adaptive schema of a site (404 until one is set)',
    answers: SiteAdaptiveSchemaResponse,
  })
  async get(@Site() scope: SiteScope) {
    return this.present.adaptiveSchema(await this.useCases.query(new GetSiteAdaptiveSchema({}, scope)));
  }

  @Endpoint('PUT', 'adaptive-schema', {
    operationId: 'updateSiteAdaptiveSchema',
    summary: 'Replace the adaptive schema of a site: a draft-07 JSON Schema of the visitor claims',
    status: 200,
    answers: SiteAdaptiveSchemaResponse,
  })
  async update(@Site() scope: SiteScope, @Body() body: UpdateSiteAdaptiveSchemaBody) {
    return this.present.adaptiveSchema(await this.useCases.command(new UpdateSiteAdaptiveSchema({ jsonSchema: body.jsonSchema }, scope)));
  }

  @Endpoint('GET', 'adaptive-schema/template-conditions', {
    operationId: 'listSiteAdaptiveTemplateConditions',
    summary: "List the template conditions derived from the site's adaptive schema",
    answers: SiteAdaptiveTemplateConditionsResponse,
  })
  async templateConditions(@Site() scope: SiteScope) {
    return { items: await this.useCases.query(new ListSiteAdaptiveTemplateConditions({}, scope)) };
  }
}
