import { Injectable } from '@nestjs/common';
import { invalid } from '@docs/platform';
import { SpaceDoc } from './reads/spaces.read-model';
import { ContentPointer, ContentPosition, ContentSiblings, pointerId, Sibling } from '../content-tree/content-siblings';

/**
 * Where spaces go among their parent's children, spaces and collections alike: a rank string
 * (fractional indexing), so a move writes one rank and never renumbers the siblings
 * (docs/content-design.md, "Ordering"). A position names a sibling space or collection.
 */
@Injectable()
export class SpacePlacement {
  constructor(private readonly siblings: ContentSiblings) {}

  /**
   * The parent and rank `space` takes for a move to `parent` (undefined: the parent of the
   * position's sibling, else its own) at `position` (by default, last), or null for a move that
   * would leave it where it is; a sibling that is not a child of the target parent answers 400.
   */
  async moveTo(
    space: SpaceDoc,
    parent: string | null | undefined,
    position: ContentPosition = {},
  ): Promise<{ parent: string | null; rank: string } | null> {
    const after = position.after ? await this.sibling(space, position.after, 'after') : null;
    const before = position.before ? await this.sibling(space, position.before, 'before') : null;
    const named = after ?? before;
    const target = parent !== undefined ? parent : named ? named.parent : space.parent;
    for (const [side, sibling] of [
      ['after', after],
      ['before', before],
    ] as const) {
      if (sibling && sibling.parent !== target)
        throw invalid(`position.${side}: ${sibling.kind} ${sibling.id} is not among the children of the target parent`);
    }
    const moved: Sibling = { kind: 'space', id: space.id, organizationId: space.organizationId, parent: space.parent, rank: space.rank };
    const rank = await this.siblings.newRank(moved, target, after, before);
    return rank === null ? null : { parent: target, rank };
  }

  /** The sibling a pointer names: an active space or a collection of the organization, other than the moved space. */
  private async sibling(moved: SpaceDoc, pointer: ContentPointer, side: 'before' | 'after'): Promise<Sibling> {
    const named = pointer.type === 'space' && pointer.space === moved.id ? null : await this.siblings.named(pointer);
    if (!named || named.organizationId !== moved.organizationId)
      throw invalid(`position.${side}: no other ${pointer.type} ${pointerId(pointer)} in the organization`);
    return named;
  }
}
