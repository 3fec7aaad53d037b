import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { OrganizationCommand } from '@docs/organizations';
import { CollectionSettings } from './collection.events';
import { CollectionDoc, CollectionsReadModel } from './collections.read-model';
import { CollectionWriter } from './collection-writer';
import { ContentSiblings } from '../content-tree/content-siblings';

export class CreateCollection extends OrganizationCommand<CollectionSettings & { parent: string | null }, CollectionDoc> {}

/**
 * POST /v1/orgs/{organizationId}/collections: members with the create role or more; the new
 * collection goes last among its parent's children (the organization's top level without one).
 */
@CommandHandler(CreateCollection)
export class CreateCollectionHandler implements ICommandHandler<CreateCollection> {
  constructor(
    private readonly collections: CollectionWriter,
    private readonly siblings: ContentSiblings,
    private readonly read: CollectionsReadModel,
  ) {}

  async execute({ props: { title, description, defaultLevel, parent }, scope }: CreateCollection): Promise<CollectionDoc> {
    const { organizationId } = scope;
    await scope.member(); // 404 for non-members, before anything else
    const collectionId = scope.createdId('collection');
    const rank = await this.siblings.rankAtEnd(organizationId, parent);
    await this.collections.execute(
      collectionId,
      { type: 'CreateCollection', collectionId, organizationId, title, description, defaultLevel, parent, rank },
      scope,
    );
    return this.read.collection(organizationId, collectionId);
  }
}
