import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { found } from '@docs/platform';
import { AdaptiveSchemaEntry, SiteState } from '../sites/site.decider';
import { SiteQuery } from '../shared/sites-scope';

export class GetSiteAdaptiveSchema extends SiteQuery<Record<string, never>, AdaptiveSchemaEntry> {}

/** The site's adaptive schema as the read model folded it; null until one is PUT. */
export const adaptiveSchemaOf = (state: SiteState): AdaptiveSchemaEntry | null => state.adaptiveSchema ?? null;

/** getSiteAdaptiveSchema: members with a role; 404 until a schema is PUT (as GitBook). */
@QueryHandler(GetSiteAdaptiveSchema)
export class GetSiteAdaptiveSchemaHandler implements IQueryHandler<GetSiteAdaptiveSchema> {
  async execute({ scope }: GetSiteAdaptiveSchema): Promise<AdaptiveSchemaEntry> {
    const site = await scope.site();
    return found(adaptiveSchemaOf(site.state), 'no adaptive schema for the site');
  }
}
