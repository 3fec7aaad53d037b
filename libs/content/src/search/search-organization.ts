import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { everyItem, FindResult, Page } from '@docs/platform';
import { OrganizationQuery } from '@docs/organizations';
import { SearchReadModel } from './search.read-model';
import { BY_RANK, SpaceDoc } from '../spaces/reads/spaces.read-model';
import { PageHit, SearchHits } from './search-hits';
import { SpaceAccess } from '../spaces/space-access';

/** A space with matching pages. */
export interface SpaceHit {
  space: SpaceDoc;
  score: number;
  pages: PageHit[];
}

export class SearchOrganization extends OrganizationQuery<{ query: string; page: Page }, FindResult<SpaceHit>> {}

/** Visible spaces are gathered a thousand at a time. */
const SPACES_PER_READ = 1000;

/**
 * GET /v1/orgs/{organizationId}/search (searchOrganizationContent): the spaces the caller can see
 * (every active space for members with a role, the granted ones for guests; never the trash),
 * best first, each with its matching pages and their sections. Non-members get 404. The visible
 * spaces are listed on every search: the cost grows with the spaces the caller can see.
 */
@QueryHandler(SearchOrganization)
export class SearchOrganizationHandler implements IQueryHandler<SearchOrganization> {
  constructor(
    private readonly access: SpaceAccess,
    private readonly index: SearchReadModel,
    private readonly hits: SearchHits,
  ) {}

  async execute({ props: { query, page }, scope }: SearchOrganization): Promise<FindResult<SpaceHit>> {
    const caller = await this.access.callerIn(scope);
    const spaces = await everyItem((page) => this.access.visibleSpaces(scope.organizationId, caller, BY_RANK, page), SPACES_PER_READ);
    const visible = new Map(spaces.map((space) => [space.id, space]));
    const result = await this.index.inSpaces([...visible.keys()], query, page);
    const items: SpaceHit[] = [];
    for (const group of result.items) {
      const space = visible.get(String(group.key));
      if (!space) continue;
      const pages = await this.hits.pagesOf(space, group.hits);
      if (pages.length > 0) items.push({ space, score: group.score, pages });
    }
    return { items, count: result.count, ...(result.next ? { next: result.next } : {}) };
  }
}
