import { Module } from '@nestjs/common';
import { OrganizationsModule } from '@docs/organizations';
import { CollectionPlacement } from './application/collection-placement';
import { CollectionWriter } from './application/collection-writer';
import { CreateCollectionHandler } from './application/create-collection';
import { DeleteCollectionHandler } from './application/delete-collection';
import { GetCollectionHandler } from './application/get-collection';
import { ListCollectionsHandler } from './application/list-collections';
import { MoveCollectionHandler } from './application/move-collection';
import { UpdateCollectionHandler } from './application/update-collection';
import { CollectionScopePipe } from './http/collection-scope';
import { CollectionsController } from './http/collections.controller';
import { CollectionsPresenter } from './http/collections.presenter';
import { CollectionsReadModel } from './projections/collections.read-model';

/** Collections of an organization: create, list, read, change, move, delete. Exports the collections read model to the rest of the context. */
@Module({
  imports: [OrganizationsModule],
  controllers: [CollectionsController],
  providers: [
    CollectionsReadModel, CollectionWriter, CollectionPlacement, CollectionScopePipe, CollectionsPresenter,
    CreateCollectionHandler, UpdateCollectionHandler, MoveCollectionHandler, DeleteCollectionHandler,
    ListCollectionsHandler, GetCollectionHandler,
  ],
  exports: [CollectionsReadModel, CollectionsPresenter],
})
export class CollectionsModule {}
