import { Injectable } from '@nestjs/common';
import { AggregateWriter, CommandContext, WriteKit } from '@docs/platform';
import { OrganizationDirectory } from '@docs/organizations';
import { collectionAggregate, CollectionCommand, CollectionFacts, CollectionState } from './collection.decider';
import { CollectionEvent } from './collection.events';
import { CollectionsReadModel } from './collections.read-model';
import { ContentSiblings } from '../content-tree/content-siblings';

/**
 * Writes collections. A decision needs the caller's role in the collection's organization, the
 * parent a command names (its organization and ancestors, to refuse cycles), and for a delete how
 * much the collection holds (its collections and spaces, those in the trash included: they can
 * be restored into it).
 */
@Injectable()
export class CollectionWriter extends AggregateWriter<
  CollectionState,
  CollectionCommand,
  CollectionEvent,
  CollectionFacts,
  CommandContext
> {
  constructor(
    kit: WriteKit,
    private readonly read: CollectionsReadModel,
    private readonly directory: OrganizationDirectory,
    private readonly siblings: ContentSiblings,
  ) {
    super(kit, collectionAggregate);
  }

  protected override async facts(collectionId: string, command: CollectionCommand, ctx: CommandContext): Promise<CollectionFacts> {
    const organizationId =
      command.type === 'CreateCollection' ? command.organizationId : (await this.read.collectionById(collectionId))?.organizationId;
    // Unknown collection: the decider answers 404 from its own (empty) stream.
    if (organizationId === undefined) return { orgRole: undefined };
    const facts: CollectionFacts = { orgRole: await this.directory.roleOf(organizationId, ctx.actor) };
    const parent = command.type === 'CreateCollection' || command.type === 'MoveCollection' ? command.parent : null;
    if (parent !== null) {
      const doc = await this.read.collectionById(parent);
      facts.collections = new Map(
        doc ? [[parent, { organizationId: doc.organizationId, ancestors: await this.read.ancestors(parent) }]] : [],
      );
    }
    if (command.type === 'DeleteCollection') facts.children = await this.siblings.childCount(organizationId, collectionId);
    return facts;
  }
}
