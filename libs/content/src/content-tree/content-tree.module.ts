import { Module } from '@nestjs/common';
import { OrganizationsModule } from '@docs/organizations';
import { ContentSiblings } from './content-siblings';
import { CollectionsReadModel } from '../collections/collections.read-model';
import { SpacesReadModel } from '../spaces/reads/spaces.read-model';
import { SpacesPresenter } from '../spaces/http/spaces.presenter';

/**
 * What collections and spaces read of each other: both read models, the children of a parent of
 * either kind (spaces and collections share one order, and a collection holding spaces is not
 * empty), and the Space presenter (a collection lists its spaces). Below both areas, so neither
 * module imports the other for it.
 */
@Module({
  imports: [OrganizationsModule],
  providers: [CollectionsReadModel, SpacesReadModel, ContentSiblings, SpacesPresenter],
  exports: [CollectionsReadModel, SpacesReadModel, ContentSiblings, SpacesPresenter],
})
export class ContentTreeModule {}
