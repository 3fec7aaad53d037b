import { Query } from '@nestjs/common';
import { ApiController, Endpoint, envelope, pageOf, PageQuery, UseCases } from '@docs/platform';
import { CollectionScope } from '../application/collection-scope';
import { ListSpacesInCollection } from '../application/list-spaces-in-collection';
import { InCollection } from './collection-scope';
import { SpaceResponse } from './responses/space.response';
import { SpacesPresenter } from './spaces.presenter';

/** The spaces of a collection: a collections route (GitBook's tag) answering Spaces, so served with the spaces. */
@ApiController('v1/collections/:collectionId', 'collections')
export class CollectionSpacesController {
  constructor(
    private readonly useCases: UseCases,
    private readonly present: SpacesPresenter,
  ) {}

  @Endpoint('GET', 'spaces', { operationId: 'listSpacesInCollectionById', summary: 'List the spaces directly in a collection, in order', answers: [SpaceResponse] })
  async list(@InCollection() scope: CollectionScope, @Query() query: PageQuery) {
    const result = await this.useCases.query(new ListSpacesInCollection({ page: pageOf(query) }, scope));
    return envelope(result, ({ space, role }) => this.present.space(space, role));
  }
}
