import { Injectable } from '@nestjs/common';
import { conflict, invalid } from '@docs/platform';
import { rankAfter, rankBetween } from '../domain/space-ranks';
import { SpaceDoc, SpacesReadModel } from '../projections/spaces.read-model';

/** GitBook's SpacePointer: the sibling space to place a space next to. */
export interface SpacePointer {
  type: 'space' | 'collection';
  space?: string;
  collection?: string;
}

/** GitBook's ContentPosition: right before one sibling, right after another, or between the two. */
export interface SpacePosition {
  before?: SpacePointer;
  after?: SpacePointer;
}

/**
 * Where spaces go among their parent's spaces: a rank string (fractional indexing), so a move
 * writes one rank and never renumbers the siblings (docs/content-design.md, "Ordering"). Spaces
 * are ranked among spaces (collections among collections): a position names a sibling space.
 */
@Injectable()
export class SpacePlacement {
  constructor(private readonly spaces: SpacesReadModel) {}

  /** The rank of a new last child of `parent` (null: the organization's top level). */
  async atEnd(organizationId: string, parent: string | null): Promise<string> {
    return rankAfter((await this.spaces.lastChild(organizationId, parent))?.rank ?? null);
  }

  /**
   * The parent and rank `space` takes for a move to `parent` (undefined: the parent of the
   * position's sibling, else its own) at `position` (by default, last). A move that would leave it
   * where it is answers 409; a sibling that is not a space of the target parent answers 400.
   */
  async moveTo(space: SpaceDoc, parent: string | null | undefined, position: SpacePosition = {}): Promise<{ parent: string | null; rank: string }> {
    const after = position.after ? await this.sibling(space, position.after, 'after') : null;
    const before = position.before ? await this.sibling(space, position.before, 'before') : null;
    const named = after ?? before;
    const target = parent !== undefined ? parent : named ? named.parent : space.parent;
    for (const [side, sibling] of [['after', after], ['before', before]] as const) {
      if (sibling && sibling.parent !== target) throw invalid(`position.${side}: space ${sibling.id} is not among the children of the target parent`);
    }
    const { organizationId, id } = space;
    let lower = after?.rank ?? null;
    let upper = before?.rank ?? null;
    if (after && before) {
      if (lower! >= upper!) throw invalid('position: `after` must name a sibling placed before the one `before` names');
    } else if (after) upper = (await this.spaces.nextTo(organizationId, target, 'after', lower!, id))?.rank ?? null;
    else if (before) lower = (await this.spaces.nextTo(organizationId, target, 'before', upper!, id))?.rank ?? null;
    else lower = (await this.spaces.lastChild(organizationId, target, id))?.rank ?? null;
    const stays = space.parent === target && (lower === null || lower < space.rank) && (upper === null || space.rank < upper);
    if (stays) throw conflict('the move would not result in any update: the space is already there');
    return { parent: target, rank: rankBetween(lower, upper) };
  }

  /** The sibling space a pointer names: an active space of the organization, other than the moved one. */
  private async sibling(moved: SpaceDoc, pointer: SpacePointer, side: 'before' | 'after'): Promise<SpaceDoc> {
    const id = pointer.type === 'space' ? pointer.space : pointer.collection;
    if (pointer.type !== 'space') throw invalid(`position.${side}: spaces are placed next to spaces, not collections`);
    const doc = id === moved.id ? null : await this.spaces.space(id!);
    if (!doc || doc.organizationId !== moved.organizationId || doc.status !== 'active') throw invalid(`position.${side}: no other space ${id} in the organization`);
    return doc;
  }
}
