import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CollectionSettings } from './collection.events';
import { CollectionDoc, CollectionsReadModel } from './collections.read-model';
import { CollectionScopeCommand } from './collection-scope';
import { CollectionWriter } from './collection-writer';

export class UpdateCollection extends CollectionScopeCommand<{ changes: Partial<CollectionSettings> }, CollectionDoc> {}

/** PATCH /v1/collections/{collectionId}: organization admins; omitted fields stay as they are. */
@CommandHandler(UpdateCollection)
export class UpdateCollectionHandler implements ICommandHandler<UpdateCollection> {
  constructor(
    private readonly collections: CollectionWriter,
    private readonly read: CollectionsReadModel,
  ) {}

  async execute({ props: { changes }, scope }: UpdateCollection): Promise<CollectionDoc> {
    const { collection } = await scope.visible();
    await this.collections.execute(collection.id, { type: 'UpdateCollection', changes }, scope);
    return this.read.collection(collection.organizationId, collection.id);
  }
}
