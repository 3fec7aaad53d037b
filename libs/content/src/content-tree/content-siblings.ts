import { Injectable } from '@nestjs/common';
import { invalid } from '@docs/platform';
import { rankAfter, rankBetween } from './ranks.domain';
import { CollectionsReadModel } from '../collections/collections.read-model';
import { SpacesReadModel } from '../spaces/reads/spaces.read-model';

/** GitBook's SpacePointer and CollectionPointer: a sibling to place something next to. */
export type ContentPointer = { type: 'space'; space: string } | { type: 'collection'; collection: string };

/** GitBook's ContentPosition: right before one sibling, right after another, or between the two. */
export interface ContentPosition {
  before?: ContentPointer;
  after?: ContentPointer;
}

export type ContentKind = ContentPointer['type'];

/** A child of a collection or of an organization's top level, of either kind. */
export interface Sibling {
  kind: ContentKind;
  id: string;
  organizationId: string;
  /** The parent collection, or null at the top level. */
  parent: string | null;
  rank: string;
}

export const pointerId = (pointer: ContentPointer): string => (pointer.type === 'space' ? pointer.space : pointer.collection);

const lowest = (a: string | undefined, b: string | undefined) => (a === undefined ? b : b === undefined || a <= b ? a : b);
const highest = (a: string | undefined, b: string | undefined) => (a === undefined ? b : b === undefined || a >= b ? a : b);

/**
 * Spaces and collections share one order within their parent (docs/content-design.md,
 * "Ordering"): a rank among the children of both kinds. This reads both read models as one list
 * of siblings: what a position's pointer names, the neighbours of a rank, the last child, and how
 * many children a collection holds. Spaces in the trash keep their place (they can be restored),
 * so they count as neighbours and children; a pointer names active spaces only.
 */
@Injectable()
export class ContentSiblings {
  constructor(
    private readonly spaces: SpacesReadModel,
    private readonly collections: CollectionsReadModel,
  ) {}

  /** What a pointer names: a collection, or a space that is not in the trash; null when there is none. */
  async named(pointer: ContentPointer): Promise<Sibling | null> {
    if (pointer.type === 'collection') {
      const doc = await this.collections.collectionById(pointer.collection);
      return doc && { kind: 'collection', id: doc.id, organizationId: doc.organizationId, parent: doc.parent, rank: doc.rank };
    }
    const doc = await this.spaces.space(pointer.space);
    return doc && doc.status === 'active'
      ? { kind: 'space', id: doc.id, organizationId: doc.organizationId, parent: doc.parent, rank: doc.rank }
      : null;
  }

  /** How many children a collection holds directly: its collections and its spaces, those in the trash included (two counters). */
  async childCount(organizationId: string, collectionId: string): Promise<number> {
    const [collections, spaces] = await Promise.all([
      this.collections.subCollectionCount(organizationId, collectionId),
      this.spaces.childCount(organizationId, collectionId),
    ]);
    return collections + spaces;
  }

  /** The rank of the last child of `parent` (null: the top level), of either kind, leaving `except` out; null when it has none. */
  async lastRank(organizationId: string, parent: string | null, except: string | null = null): Promise<string | null> {
    const [space, collection] = await Promise.all([
      this.spaces.lastChild(organizationId, parent, except),
      this.collections.lastChild(organizationId, parent, except),
    ]);
    return highest(space?.rank, collection?.rank) ?? null;
  }

  /** The rank of a new last child of `parent` (null: the organization's top level), after the children of both kinds. */
  async rankAtEnd(organizationId: string, parent: string | null): Promise<string> {
    return rankAfter(await this.lastRank(organizationId, parent));
  }

  /** The rank of the child of `parent` next to `rank` on one side, of either kind, leaving `except` out, or null. */
  async rankNextTo(
    organizationId: string,
    parent: string | null,
    side: 'after' | 'before',
    rank: string,
    except: string,
  ): Promise<string | null> {
    const [space, collection] = await Promise.all([
      this.spaces.nextTo(organizationId, parent, side, rank, except),
      this.collections.nextTo(organizationId, parent, side, rank, except),
    ]);
    return (side === 'after' ? lowest(space?.rank, collection?.rank) : highest(space?.rank, collection?.rank)) ?? null;
  }

  /**
   * The rank `moved` takes under `parent`, right after `after`, right before `before`, between the
   * two, or last (siblings the caller checked are children of `parent`), or null for a move that
   * would leave it where it is.
   */
  async newRank(moved: Sibling, parent: string | null, after: Sibling | null, before: Sibling | null): Promise<string | null> {
    const { organizationId, id } = moved;
    let lower = after?.rank ?? null;
    let upper = before?.rank ?? null;
    if (lower !== null && upper !== null) {
      if (lower >= upper) throw invalid('position: `after` must name a sibling placed before the one `before` names');
    } else if (lower !== null) upper = await this.rankNextTo(organizationId, parent, 'after', lower, id);
    else if (upper !== null) lower = await this.rankNextTo(organizationId, parent, 'before', upper, id);
    else lower = await this.lastRank(organizationId, parent, id);
    const stays = moved.parent === parent && (lower === null || lower < moved.rank) && (upper === null || moved.rank < upper);
    return stays ? null : rankBetween(lower, upper);
  }
}
