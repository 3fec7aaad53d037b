import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { TemplateCondition, templateConditionsOf } from '../sites/site.decider';
import { adaptiveSchemaOf } from './get-site-adaptive-schema';
import { SiteQuery } from '../shared/sites-scope';

export class ListSiteAdaptiveTemplateConditions extends SiteQuery<Record<string, never>, TemplateCondition[]> {}

/** listSiteAdaptiveTemplateConditions: members with a role; derived from the schema's properties (none without a schema). */
@QueryHandler(ListSiteAdaptiveTemplateConditions)
export class ListSiteAdaptiveTemplateConditionsHandler implements IQueryHandler<ListSiteAdaptiveTemplateConditions> {
  async execute({ scope }: ListSiteAdaptiveTemplateConditions): Promise<TemplateCondition[]> {
    const site = await scope.site();
    return templateConditionsOf(adaptiveSchemaOf(site.state)?.jsonSchema ?? null);
  }
}
