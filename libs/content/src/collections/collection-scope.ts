import { Role } from '@docs/kernel';
import { Query } from '@nestjs/cqrs';
import { Caller, CallerScope, notFound, ScopedCommand } from '@docs/platform';
import { OrganizationDirectory } from '@docs/organizations';
import { CollectionDoc, CollectionsReadModel } from './collections.read-model';

/** A collection as its caller sees it: the document, and the caller's role in its organization. */
export interface VisibleCollection {
  collection: CollectionDoc;
  role: Role;
}

/**
 * The collection a request is about (`/v1/collections/{collectionId}/…`) and its caller. It is
 * the command context of the request's writes, and looks the collection and the caller's role in
 * its organization up on first use and keeps them: resolved once per request. Collections are seen
 * by the organization's members with a role; guests (who see only what is shared with them) and
 * non-members get 404, as for an unknown collection, so a collection is never revealed.
 */
export class CollectionScope extends CallerScope {
  private resolved?: Promise<VisibleCollection>;

  constructor(
    readonly collectionId: string,
    caller: Caller,
    private readonly read: CollectionsReadModel,
    private readonly directory: OrganizationDirectory,
  ) {
    super(caller, collectionId);
  }

  /** The collection and the caller's organization role; 404 when unknown or invisible to the caller. */
  visible(): Promise<VisibleCollection> {
    return (this.resolved ??= this.resolve());
  }

  private async resolve(): Promise<VisibleCollection> {
    const collection = await this.read.collectionById(this.collectionId);
    const role = collection ? await this.directory.roleOf(collection.organizationId, this.actor) : undefined;
    if (!collection || !role) throw notFound('collection not found');
    return { collection, role };
  }
}

/** A command about one collection: its named props, and the request's collection scope as its context. */
export abstract class CollectionScopeCommand<P, R = void> extends ScopedCommand<P, CollectionScope, R> {}

/** A query about one collection, which the scope names: no props. */
export abstract class CollectionScopeQuery<R> extends Query<R> {
  constructor(readonly scope: CollectionScope) {
    super();
  }
}
