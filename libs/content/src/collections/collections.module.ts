import { Module } from '@nestjs/common';
import { OrganizationsModule } from '@docs/organizations';
import { ContentTreeModule } from '../content-tree/content-tree.module';
import { CollectionPlacement } from './collection-placement';
import { CollectionWriter } from './collection-writer';
import { CreateCollectionHandler } from './create-collection';
import { DeleteCollectionHandler } from './delete-collection';
import { GetCollectionHandler } from './get-collection';
import { ListCollectionsHandler } from './list-collections';
import { MoveCollectionHandler } from './move-collection';
import { UpdateCollectionHandler } from './update-collection';
import { CollectionScopePipe } from './collection-scope.pipe';
import { CollectionsController } from './collections.controller';
import { CollectionsPresenter } from './collections.presenter';

/**
 * Collections of an organization: create, list, read, change, move, delete. Exports the read
 * models (ContentTreeModule), the presenter and the collection scope to the rest of the context.
 */
@Module({
  imports: [OrganizationsModule, ContentTreeModule],
  controllers: [CollectionsController],
  providers: [
    CollectionWriter,
    CollectionPlacement,
    CollectionScopePipe,
    CollectionsPresenter,
    CreateCollectionHandler,
    UpdateCollectionHandler,
    MoveCollectionHandler,
    DeleteCollectionHandler,
    ListCollectionsHandler,
    GetCollectionHandler,
  ],
  exports: [ContentTreeModule, CollectionsPresenter, CollectionScopePipe],
})
export class CollectionsModule {}
