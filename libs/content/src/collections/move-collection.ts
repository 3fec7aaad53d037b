import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { requireCollectionPermission } from './collections.policy';
import { CollectionDoc, CollectionsReadModel } from './collections.read-model';
import { CollectionPlacement } from './collection-placement';
import { ContentPosition } from '../content-tree/content-siblings';
import { CollectionScopeCommand } from './collection-scope';
import { CollectionWriter } from './collection-writer';

/** `parent`: the new parent collection, null for the top level, absent to stay in the same parent. */
export class MoveCollection extends CollectionScopeCommand<{ parent?: string | null; position?: ContentPosition }, CollectionDoc> {}

/**
 * POST /v1/collections/{collectionId}/move: organization admins. The collection goes under
 * `parent` (never into itself or a collection inside it), right before or after a sibling there,
 * or last; it takes its sub-collections with it. A move that would leave it where it is changes
 * nothing and answers the collection, like any idempotent request (as moving a space does).
 */
@CommandHandler(MoveCollection)
export class MoveCollectionHandler implements ICommandHandler<MoveCollection> {
  constructor(
    private readonly collections: CollectionWriter,
    private readonly placement: CollectionPlacement,
    private readonly read: CollectionsReadModel,
  ) {}

  async execute({ props: { parent: to, position }, scope }: MoveCollection): Promise<CollectionDoc> {
    const { collection, role } = await scope.visible();
    // The decider refuses non-admins too; checked first here so they never learn about positions.
    requireCollectionPermission(role, 'admin', 'moving a collection');
    const parent = to === undefined ? collection.parent : to;
    const rank = await this.placement.moveTo(collection, parent, position);
    if (rank === null) return collection;
    await this.collections.execute(collection.id, { type: 'MoveCollection', parent, rank }, scope);
    return this.read.collection(collection.organizationId, collection.id);
  }
}
