import { Module } from '@nestjs/common';
import { ContentSiblings } from './application/content-siblings';
import { CollectionsReadModel } from './projections/collections.read-model';
import { SpacesReadModel } from './projections/spaces.read-model';

/**
 * What collections and spaces read of each other: both read models, and the children of a parent
 * of either kind (spaces and collections share one order, and a collection holding spaces is not
 * empty). Below both areas, so neither module imports the other for it.
 */
@Module({
  providers: [CollectionsReadModel, SpacesReadModel, ContentSiblings],
  exports: [CollectionsReadModel, SpacesReadModel, ContentSiblings],
})
export class ContentTreeModule {}
