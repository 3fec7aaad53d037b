import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CollectionScopeCommand } from './collection-scope';
import { CollectionWriter } from './collection-writer';

export class DeleteCollection extends CollectionScopeCommand<Record<string, never>> {}

/**
 * DELETE /v1/collections/{collectionId}: organization admins, and only an empty collection (409
 * while it holds spaces or collections: docs/content-design.md, decision 22).
 */
@CommandHandler(DeleteCollection)
export class DeleteCollectionHandler implements ICommandHandler<DeleteCollection> {
  constructor(private readonly collections: CollectionWriter) {}

  async execute({ scope }: DeleteCollection): Promise<void> {
    const { collection } = await scope.visible();
    await this.collections.execute(collection.id, { type: 'DeleteCollection' }, scope);
  }
}
