import { Module } from '@nestjs/common';
import { OrganizationsModule } from '@docs/organizations';
import { ContentTreeModule } from './content-tree.module';
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

/**
 * Collections of an organization: create, list, read, change, move, delete. Exports the read
 * models (ContentTreeModule), the presenter and the collection scope to the rest of the context.
 */
@Module({
  imports: [OrganizationsModule, ContentTreeModule],
  controllers: [CollectionsController],
  providers: [
    CollectionWriter, CollectionPlacement, CollectionScopePipe, CollectionsPresenter,
    CreateCollectionHandler, UpdateCollectionHandler, MoveCollectionHandler, DeleteCollectionHandler,
    ListCollectionsHandler, GetCollectionHandler,
  ],
  exports: [ContentTreeModule, CollectionsPresenter, CollectionScopePipe],
})
export class CollectionsModule {}
