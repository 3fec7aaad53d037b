import { FileNode } from '../page-tree/content-files.domain';
import { PageNode, PageTree } from '../page-tree/page-tree.domain';

/** One side of a diff: a revision's page tree, the path of each of its pages, and its files. */
export interface DiffSide {
  tree: PageTree;
  paths: ReadonlyMap<string, string>;
  files: readonly FileNode[];
}

/** The page attributes a `page_edited` change names (GitBook's RevisionPageDocumentChangeAttributes); `document` is the body's hash. */
export const EDITED_ATTRIBUTES = ['title', 'description', 'slug', 'emoji', 'document'] as const;
export type EditedAttribute = (typeof EDITED_ATTRIBUTES)[number];
export type ChangedAttributes = Partial<Record<EditedAttribute, { before: string; after: string }>>;

/** A page and its path in a revision. */
export interface PageAt {
  page: PageNode;
  path: string;
}

/**
 * What changed between two revisions, GitBook's RevisionSemanticChange kinds that arise here (pages
 * are documents; files never change once added). A page both moved and edited is two changes.
 */
export type SemanticChange =
  | { type: 'page_created'; page: PageNode; path: string }
  | { type: 'page_deleted'; page: PageNode; path: string }
  | { type: 'page_edited'; page: PageNode; path: string; attributes: ChangedAttributes }
  | { type: 'page_moved'; page: PageNode; path: string; parent: { before: PageAt | null; after: PageAt | null } }
  | { type: 'file_created'; file: FileNode }
  | { type: 'file_deleted'; file: FileNode };

const attributeOf = (page: PageNode, attribute: EditedAttribute): string => (attribute === 'document' ? page.bodyHash : page[attribute]);

/** The attributes that differ between the two versions of a page (a body compared by its hash, never read). */
export function changedAttributes(before: PageNode, after: PageNode): ChangedAttributes {
  const changed: ChangedAttributes = {};
  for (const attribute of EDITED_ATTRIBUTES) {
    const [was, is] = [attributeOf(before, attribute), attributeOf(after, attribute)];
    if (was !== is) changed[attribute] = { before: was, after: is };
  }
  return changed;
}

/** Whether two versions of a page are the same in every field (chunks hold copies, so equal pages are rarely the same object). */
export function samePage(a: PageNode, b: PageNode): boolean {
  return (
    a === b ||
    (a.bodyHash === b.bodyHash &&
      a.title === b.title &&
      a.slug === b.slug &&
      a.parent === b.parent &&
      a.rank === b.rank &&
      a.description === b.description &&
      a.emoji === b.emoji &&
      a.id === b.id)
  );
}

/**
 * The ids of the pages that differ between two lists of pages sorted by id (the two versions of a
 * tree chunk): in one only, or changed. One merge pass, no lookups.
 */
export function changedPageIds(before: readonly PageNode[], after: readonly PageNode[]): string[] {
  const ids: string[] = [];
  let i = 0;
  let j = 0;
  while (i < before.length || j < after.length) {
    const was = before[i];
    const is = after[j];
    if (is === undefined || (was !== undefined && was.id < is.id)) {
      ids.push(was!.id);
      i++;
    } else if (was === undefined || is.id < was.id) {
      ids.push(is.id);
      j++;
    } else {
      if (!samePage(was, is)) ids.push(is.id);
      i++;
      j++;
    }
  }
  return ids;
}

/** Moved: under another parent, or to another place among its siblings. */
const moved = (before: PageNode, after: PageNode) => before.parent !== after.parent || before.rank !== after.rank;

const KIND_ORDER = new Map<SemanticChange['type'], number>([
  ['page_created', 0],
  ['page_edited', 1],
  ['page_moved', 2],
  ['page_deleted', 3],
  ['file_created', 4],
  ['file_deleted', 5],
]);

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Pages by path (the revision each change names the page in), then kind; files after pages, by name then id. */
function order(a: SemanticChange, b: SemanticChange): number {
  const aFile = 'file' in a;
  const bFile = 'file' in b;
  if (aFile !== bFile) return aFile ? 1 : -1;
  if ('file' in a && 'file' in b)
    return compare(a.file.name, b.file.name) || compare(a.file.id, b.file.id) || KIND_ORDER.get(a.type)! - KIND_ORDER.get(b.type)!;
  const [pa, pb] = [a as Extract<SemanticChange, { path: string }>, b as Extract<SemanticChange, { path: string }>];
  return compare(pa.path, pb.path) || KIND_ORDER.get(a.type)! - KIND_ORDER.get(b.type)! || compare(pa.page.id, pb.page.id);
}

/**
 * The semantic changes from `before` to `after`, in a stable order (pages by path, then files).
 * Only the pages named in `candidates` (each once) are compared, every page of both sides when
 * absent: the caller passes the pages that differ in the tree chunks that differ (changedPageIds),
 * so the work grows with what changed, not with the space. Bodies are compared by hash.
 */
export function semanticChanges(before: DiffSide, after: DiffSide, candidates?: Iterable<string>): SemanticChange[] {
  const changes: SemanticChange[] = [];
  const ids = candidates ?? new Set([...before.tree.keys(), ...after.tree.keys()]);
  for (const id of ids) {
    const was = before.tree.get(id);
    const is = after.tree.get(id);
    if (was === is || (was && is && samePage(was, is))) continue;
    if (!was) {
      if (is) changes.push({ type: 'page_created', page: is, path: after.paths.get(id) ?? is.slug });
      continue;
    }
    if (!is) {
      changes.push({ type: 'page_deleted', page: was, path: before.paths.get(id) ?? was.slug });
      continue;
    }
    const path = after.paths.get(id) ?? is.slug;
    const attributes = changedAttributes(was, is);
    if (Object.keys(attributes).length > 0) changes.push({ type: 'page_edited', page: is, path, attributes });
    if (moved(was, is)) {
      changes.push({ type: 'page_moved', page: is, path, parent: { before: parentOf(before, was), after: parentOf(after, is) } });
    }
  }
  changes.push(...fileChanges(before.files, after.files));
  return changes.sort(order);
}

/** The parent of `page` in `side`, with its path; null at the top level. */
function parentOf(side: DiffSide, page: PageNode): PageAt | null {
  const parent = page.parent === null ? undefined : side.tree.get(page.parent);
  return parent ? { page: parent, path: side.paths.get(parent.id) ?? parent.slug } : null;
}

/** Files `after` has and `before` lacks (created), and the other way round (deleted), by id. */
export function fileChanges(before: readonly FileNode[], after: readonly FileNode[]): SemanticChange[] {
  const had = new Set(before.map((f) => f.id));
  const has = new Set(after.map((f) => f.id));
  return [
    ...after.filter((f) => !had.has(f.id)).map((file): SemanticChange => ({ type: 'file_created', file })),
    ...before.filter((f) => !has.has(f.id)).map((file): SemanticChange => ({ type: 'file_deleted', file })),
  ];
}
