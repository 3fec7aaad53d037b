import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FindResult, Page } from '@docs/platform';
import { SearchReadModel } from './search.read-model';
import { PageHit, SearchHits } from './search-hits';
import { SpaceQuery } from '../spaces/space-scope';

export class SearchSpace extends SpaceQuery<{ query: string; page: Page }, FindResult<PageHit>> {}

/**
 * GET /v1/spaces/{spaceId}/search (searchSpaceContent): the live pages of the space matching the
 * query, best first, each with its best matching sections; anyone who can see the space (404
 * otherwise, and for a space in the trash).
 */
@QueryHandler(SearchSpace)
export class SearchSpaceHandler implements IQueryHandler<SearchSpace> {
  constructor(
    private readonly index: SearchReadModel,
    private readonly hits: SearchHits,
  ) {}

  async execute({ props: { query, page }, scope }: SearchSpace): Promise<FindResult<PageHit>> {
    const { space } = await scope.view();
    const result = await this.index.inSpace(space.id, query, page);
    const items: PageHit[] = [];
    for (const group of result.items) {
      const [hit] = await this.hits.pagesOf(space, group.hits, group.rank);
      if (hit) items.push(hit);
    }
    return { items, count: result.count, ...(result.next ? { next: result.next } : {}) };
  }
}
