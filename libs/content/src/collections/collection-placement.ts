import { Injectable } from '@nestjs/common';
import { invalid } from '@docs/platform';
import { CollectionDoc } from './collections.read-model';
import { ContentPointer, ContentPosition, ContentSiblings, pointerId, Sibling } from '../content-tree/content-siblings';

/**
 * Where collections go among their parent's children, spaces and collections alike: a rank string
 * (fractional indexing), so a move writes one rank and never renumbers the siblings
 * (docs/content-design.md, "Ordering").
 */
@Injectable()
export class CollectionPlacement {
  constructor(private readonly siblings: ContentSiblings) {}

  /**
   * The rank `collection` takes under `parent` at `position` (by default, last), or null for a move
   * that would leave it where it is; pointers that are not children of `parent` answer 400.
   */
  async moveTo(collection: CollectionDoc, parent: string | null, { before, after }: ContentPosition = {}): Promise<string | null> {
    const lower = after ? await this.sibling(collection, parent, after, 'after') : null;
    const upper = before ? await this.sibling(collection, parent, before, 'before') : null;
    const moved: Sibling = {
      kind: 'collection',
      id: collection.id,
      organizationId: collection.organizationId,
      parent: collection.parent,
      rank: collection.rank,
    };
    return this.siblings.newRank(moved, parent, lower, upper);
  }

  /** The sibling a pointer names: a child of `parent` in the organization (a space or a collection), other than the moved collection. */
  private async sibling(moved: CollectionDoc, parent: string | null, pointer: ContentPointer, side: 'before' | 'after'): Promise<Sibling> {
    const named = pointer.type === 'collection' && pointer.collection === moved.id ? null : await this.siblings.named(pointer);
    if (!named || named.organizationId !== moved.organizationId || named.parent !== parent) {
      throw invalid(`position.${side}: no other ${pointer.type} ${pointerId(pointer)} among the children of the target parent`);
    }
    return named;
  }
}
