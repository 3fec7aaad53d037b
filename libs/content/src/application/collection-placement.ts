import { Injectable } from '@nestjs/common';
import { generateKeyBetween } from 'fractional-indexing';
import { conflict, invalid } from '@docs/platform';
import { CollectionDoc, CollectionsReadModel } from '../projections/collections.read-model';

/** GitBook's SpacePointer and CollectionPointer: a sibling to place something next to. */
export type ContentPointer = { type: 'space'; space: string } | { type: 'collection'; collection: string };

/** GitBook's ContentPosition: right before one sibling, right after another, or between the two. */
export interface ContentPosition {
  before?: ContentPointer;
  after?: ContentPointer;
}

/** Rank bounds: the new rank lies strictly between them (null: no bound on that side). */
interface Bounds {
  lower: string | null;
  upper: string | null;
}

/**
 * Where collections go among their parent's children: a rank string (fractional indexing), so a
 * move writes one rank and never renumbers the siblings (docs/content-design.md, "Ordering").
 */
@Injectable()
export class CollectionPlacement {
  constructor(private readonly read: CollectionsReadModel) {}

  /** The rank of a new last child of `parent` (null: the organization's top level). */
  async atEnd(organizationId: string, parent: string | null): Promise<string> {
    const last = await this.read.lastChild(organizationId, parent, null);
    return generateKeyBetween(last?.rank ?? null, null);
  }

  /**
   * The rank `collection` takes under `parent` at `position` (by default, last). A move that would
   * leave it where it is answers 409; pointers that are not children of `parent` answer 400.
   */
  async moveTo(collection: CollectionDoc, parent: string | null, position: ContentPosition = {}): Promise<string> {
    const { lower, upper } = await this.bounds(collection, parent, position);
    const stays = collection.parent === parent && (lower === null || lower < collection.rank) && (upper === null || collection.rank < upper);
    if (stays) throw conflict('the move would not result in any update: the collection is already there');
    return generateKeyBetween(lower, upper);
  }

  private async bounds(moved: CollectionDoc, parent: string | null, { before, after }: ContentPosition): Promise<Bounds> {
    const { organizationId, id } = moved;
    const lower = after ? (await this.sibling(moved, parent, after, 'after')).rank : null;
    const upper = before ? (await this.sibling(moved, parent, before, 'before')).rank : null;
    if (lower !== null && upper !== null) {
      if (lower >= upper) throw invalid('position: `after` must name a sibling placed before the one `before` names');
      return { lower, upper };
    }
    if (lower !== null) return { lower, upper: (await this.read.nextTo(organizationId, parent, 'after', lower, id))?.rank ?? null };
    if (upper !== null) return { lower: (await this.read.nextTo(organizationId, parent, 'before', upper, id))?.rank ?? null, upper };
    return { lower: (await this.read.lastChild(organizationId, parent, id))?.rank ?? null, upper: null };
  }

  /** The sibling a pointer names: a child of `parent` in the organization, other than the moved collection. */
  private async sibling(moved: CollectionDoc, parent: string | null, pointer: ContentPointer, side: 'before' | 'after'): Promise<CollectionDoc> {
    const refused = invalid(`position.${side}: no other ${pointer.type} ${pointerId(pointer)} among the children of the target parent`);
    // Spaces are placed among collections once the spaces read model exists (see the content context's notes).
    if (pointer.type !== 'collection' || pointer.collection === moved.id) throw refused;
    const doc = await this.read.collectionById(pointer.collection);
    if (!doc || doc.organizationId !== moved.organizationId || doc.parent !== parent) throw refused;
    return doc;
  }
}

const pointerId = (pointer: ContentPointer) => (pointer.type === 'space' ? pointer.space : pointer.collection);
