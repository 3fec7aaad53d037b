import { ChangeRequestView } from '../change-requests/change-request-views';
import { SemanticChange } from './semantic-changes.domain';

/** GitBook's default `limit` of the changes routes. */
export const DEFAULT_CHANGES_LIMIT = 10;

/** The changes between two revisions of a space, cut at a limit, as the routes present them. */
export interface ChangesView {
  spaceId: string;
  /** The older revision (null: none, a space's first revision) and the newer. */
  before: string | null;
  after: string;
  /** At most `limit` of them, in order. */
  changes: readonly SemanticChange[];
  /** How many the limit left out. */
  more: number;
  /** A merge revision: the change request it merged. */
  mergedFrom?: ChangeRequestView;
}

/** The first `limit` changes, and how many are left out. */
export function cut(changes: readonly SemanticChange[], limit: number): Pick<ChangesView, 'changes' | 'more'> {
  return { changes: changes.slice(0, limit), more: Math.max(0, changes.length - limit) };
}
