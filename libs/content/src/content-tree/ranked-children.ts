import { Doc, equalTo, Filter, ReadModel, ReadModels, Sort } from '@docs/platform/projections';

/**
 * The queries spaces and collections share as children of a parent collection (or of the
 * organization's top level), ranked among their siblings: spaces and collections share one order.
 */

/** A space or a collection: a child of `parent` (null: the top level), placed by `rank`. */
export interface RankedChild extends Doc {
  organizationId: string;
  parent: string | null;
  /** The place among the parent's children (fractional index: compares as a plain string). */
  rank: string;
}

/** The children of `parent` in the organization, whatever their status. */
export const childrenOf = (organizationId: string, parent: string | null): Filter[] => equalTo({ organizationId, parent });

/** The last child of `parent` by rank, leaving `except` out (the one being moved), or null. */
export async function lastChild<D extends RankedChild>(
  readModels: ReadModels,
  children: ReadModel<D>,
  { organizationId, parent, except }: { organizationId: string; parent: string | null; except: string | null },
): Promise<D | null> {
  const { items } = await readModels.find(children, {
    where: childrenOf(organizationId, parent),
    sort: { field: 'rank', direction: 'desc' },
    limit: 2,
  });
  return items.find((doc) => doc.id !== except) ?? null;
}

/**
 * The child of `parent` next to `rank` on one side (`after`: the first ranked above it; `before`:
 * the last ranked below it), leaving `except` out (the one being moved), or null.
 */
export async function nextTo<D extends RankedChild>(
  readModels: ReadModels,
  children: ReadModel<D>,
  {
    organizationId,
    parent,
    side,
    rank,
    except,
  }: { organizationId: string; parent: string | null; side: 'after' | 'before'; rank: string; except: string | null },
): Promise<D | null> {
  const where: Filter[] = [...childrenOf(organizationId, parent), { field: 'rank', op: side === 'after' ? 'gt' : 'lt', value: rank }];
  const sort: Sort = { field: 'rank', direction: side === 'after' ? 'asc' : 'desc' };
  const { items } = await readModels.find(children, { where, sort, limit: 2 });
  return items.find((doc) => doc.id !== except) ?? null;
}
