import { Body, Query } from '@nestjs/common';
import { ApiController, Endpoint, Operation, envelope, pageOf, PageQuery, sentFields, UseCases } from '@docs/platform';
import { OrganizationScope, OrgScope } from '@docs/organizations';
import { CollectionScope } from './collection-scope';
import { CreateCollection } from './create-collection';
import { DeleteCollection } from './delete-collection';
import { GetCollection } from './get-collection';
import { ListSpacesInCollection } from '../spaces/reads/list-spaces-in-collection';
import { ListCollections } from './list-collections';
import { MoveCollection } from './move-collection';
import { UpdateCollection } from './update-collection';
import { InCollection } from './collection-scope.pipe';
import { CollectionsPresenter } from './collections.presenter';
import { CreateCollectionBody, ListCollectionsQuery, MoveCollectionBody, UpdateCollectionBody } from './collection.dto';
import { positionOf } from '../content-tree/position.dto';
import { CollectionResponse } from './collection.response';
import { SpaceResponse } from '../spaces/http/space.response';
import { SpacesPresenter } from '../spaces/http/spaces.presenter';

/** GitBook's collections, and the spaces directly in one (listSpacesInCollectionById, run by SpacesModule's handler). */
@ApiController('v1', 'collections')
export class CollectionsController {
  constructor(
    private readonly useCases: UseCases,
    private readonly present: CollectionsPresenter,
    private readonly spaces: SpacesPresenter,
  ) {}

  @Endpoint('POST', 'orgs/:organizationId/collections', { status: 201, answers: CollectionResponse, located: true })
  @Operation('createCollection', 'Create a collection')
  async create(@OrgScope() scope: OrganizationScope, @Body() body: CreateCollectionBody) {
    const collection = await this.useCases.command(
      new CreateCollection(
        {
          title: body.title ?? 'Untitled',
          description: body.description ?? '',
          defaultLevel: body.defaultLevel ?? null,
          parent: body.parent ?? null,
        },
        scope,
      ),
    );
    return this.present.collection(collection, (await scope.member()).role);
  }

  @Endpoint('GET', 'orgs/:organizationId/collections', { answers: [CollectionResponse] })
  @Operation('listCollectionsInOrganizationById', 'List the collections of an organization')
  async list(@OrgScope() scope: OrganizationScope, @Query() query: ListCollectionsQuery) {
    const result = await this.useCases.query(new ListCollections({ nested: query.nested ?? true, page: pageOf(query) }, scope));
    const { role } = await scope.member();
    return envelope(result, (collection) => this.present.collection(collection, role));
  }

  @Endpoint('GET', 'collections/:collectionId', { answers: CollectionResponse })
  @Operation('getCollectionById', 'Get a collection')
  async get(@InCollection() scope: CollectionScope) {
    const { collection, role } = await this.useCases.query(new GetCollection(scope));
    return this.present.collection(collection, role);
  }

  @Endpoint('PATCH', 'collections/:collectionId', { answers: CollectionResponse })
  @Operation('updateCollectionById', 'Update a collection')
  async update(@InCollection() scope: CollectionScope, @Body() body: UpdateCollectionBody) {
    const changes = sentFields(body, ['title', 'description', 'defaultLevel']);
    const collection = await this.useCases.command(new UpdateCollection({ changes }, scope));
    return this.present.collection(collection, (await scope.visible()).role);
  }

  @Endpoint('DELETE', 'collections/:collectionId', { status: 205, answers: null })
  @Operation('deleteCollectionById', 'Delete an empty collection')
  async remove(@InCollection() scope: CollectionScope) {
    await this.useCases.command(new DeleteCollection({}, scope));
  }

  @Endpoint('POST', 'collections/:collectionId/move', { status: 200, answers: CollectionResponse })
  @Operation('moveCollection', 'Move a collection')
  async move(@InCollection() scope: CollectionScope, @Body() body: MoveCollectionBody) {
    const position = positionOf(body.position);
    const collection = await this.useCases.command(new MoveCollection({ parent: body.parent, ...(position && { position }) }, scope));
    return this.present.collection(collection, (await scope.visible()).role);
  }

  @Endpoint('GET', 'collections/:collectionId/spaces', { answers: [SpaceResponse] })
  @Operation('listSpacesInCollectionById', 'List the spaces directly in a collection, in order')
  async spacesIn(@InCollection() scope: CollectionScope, @Query() query: PageQuery) {
    const result = await this.useCases.query(new ListSpacesInCollection({ page: pageOf(query) }, scope));
    return envelope(result, ({ space, role }) => this.spaces.space(space, role));
  }
}
