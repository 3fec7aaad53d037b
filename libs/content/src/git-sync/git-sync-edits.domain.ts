import { sha256 } from '@docs/kernel';
import { GitContent, GitPage } from '../git-layout/git-content.domain';
import { PageEdit } from '../page-tree/page-edits.domain';
import { PageNode } from '../page-tree/page-tree.domain';

/** A revision as the sync compares it: each page by its path of slugs, and each parent's children in order. */
export interface SyncedTree {
  /** The page at each path (`guide/install`). */
  readonly byPath: ReadonlyMap<string, string>;
  readonly tree: ReadonlyMap<string, PageNode>;
  readonly children: ReadonlyMap<string | null, readonly PageNode[]>;
}

/** A page of the commit, placed: its path, its parent's path ('' for the top level) and its index there. */
interface Placed {
  page: GitPage;
  path: string;
  parentPath: string;
  /** Its index among its siblings. */
  index: number;
}

export interface SyncPlan {
  edits: PageEdit[];
  /** One id per insert_page, in order. */
  newPageIds: string[];
  /** The paths changed both in the space and in the commit since the last sync (empty without a last sync). */
  conflicts: string[];
}

const parentOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');
/** What a page is, to compare versions: its fields and its body's hash. */
const nodeSignature = (p: PageNode) => JSON.stringify([p.title, p.emoji, p.description, p.bodyHash]);
const gitSignature = (p: GitPage) => JSON.stringify([p.title, p.emoji, p.description, sha256(p.markdown)]);

/** The commit's pages, depth first, each with its path (iterative: no recursion on input depth). */
function placed(pages: readonly GitPage[]): Placed[] {
  const out: Placed[] = [];
  const stack = [...pages].reverse().map((page, i) => ({ page, parentPath: '', index: pages.length - 1 - i }));
  while (stack.length > 0) {
    const { page, parentPath, index } = stack.pop()!;
    const path = parentPath ? `${parentPath}/${page.slug}` : page.slug;
    out.push({ page, path, parentPath, index });
    for (let i = page.children.length - 1; i >= 0; i--) stack.push({ page: page.children[i]!, parentPath: path, index: i });
  }
  return out;
}

/** The slugs of a parent's children, in order, as a comparable text; `parentPath` '' is the top level. */
function orderIn(tree: SyncedTree, parentPath: string, without: ReadonlySet<string> = new Set()): string {
  const parent = parentPath === '' ? null : tree.byPath.get(parentPath);
  if (parent === undefined) return '';
  return JSON.stringify((tree.children.get(parent) ?? []).filter((p) => !without.has(p.id)).map((p) => p.slug));
}

/** The paths whose page differs between a revision and another (present in one only, other fields or body, or children reordered). */
function changedPaths(from: SyncedTree, to: SyncedTree): Set<string> {
  const changed = new Set<string>();
  const signatures = (t: SyncedTree) => new Map([...t.byPath].map(([path, id]) => [path, nodeSignature(t.tree.get(id)!)]));
  const a = signatures(from);
  const b = signatures(to);
  for (const path of new Set([...a.keys(), ...b.keys()])) {
    if (a.get(path) !== b.get(path)) changed.add(path);
    if (b.has(path) && orderIn(from, path) !== orderIn(to, path)) changed.add(path);
  }
  if (orderIn(from, '') !== orderIn(to, '')) changed.add('');
  return changed;
}

/**
 * The page edits that bring the space's content (`current`) to the commit's (`remote`, its links
 * already in the space's ids), pages matched by their paths of slugs. With a last sync (`base`,
 * the revision the last export or import left), only what the commit changed since then is applied
 * (the space's own changes since are kept), and the paths both changed are the conflicts. Parents
 * before children; a page moves only where its siblings' order differs from the commit's.
 */
export function syncEdits(current: SyncedTree, base: SyncedTree | null, remote: GitContent): SyncPlan {
  const pages = placed(remote.pages);
  const remoteByPath = new Map(pages.map((p) => [p.path, p]));
  const slugsIn = new Map<string, string[]>();
  for (const p of pages) {
    const slugs = slugsIn.get(p.parentPath);
    if (slugs) slugs.push(p.page.slug);
    else slugsIn.set(p.parentPath, [p.page.slug]);
  }
  const remoteOrder = (parentPath: string) => JSON.stringify(slugsIn.get(parentPath) ?? []);

  let changedRemote: ReadonlySet<string> | null = null;
  const conflicts: string[] = [];
  if (base) {
    const remoteChanged = new Set<string>();
    for (const path of new Set([...base.byPath.keys(), ...remoteByPath.keys()])) {
      const before = base.byPath.get(path);
      const now = remoteByPath.get(path);
      if (!before || !now || nodeSignature(base.tree.get(before)!) !== gitSignature(now.page)) remoteChanged.add(path);
      else if (orderIn(base, path) !== remoteOrder(path)) remoteChanged.add(path);
    }
    if (orderIn(base, '') !== remoteOrder('')) remoteChanged.add('');
    const localChanged = changedPaths(base, current);
    for (const path of remoteChanged) if (localChanged.has(path)) conflicts.push(path === '' ? '(the top level)' : path);
    changedRemote = remoteChanged;
  }
  const applies = (path: string) => changedRemote === null || changedRemote.has(path);

  const edits: PageEdit[] = [];
  const newPageIds: string[] = [];
  const deleted = new Set<string>();
  for (const [path, id] of current.byPath) {
    if (remoteByPath.has(path) || !applies(path)) continue;
    if (current.byPath.has(parentOf(path)) && deleted.has(current.byPath.get(parentOf(path))!)) {
      deleted.add(id);
      continue;
    }
    deleted.add(id);
    edits.push({ operation: 'delete_page', page: id });
  }

  const idOfPath = new Map<string, string>();
  const reorder = new Map<string, boolean>();
  for (const { page, path, parentPath, index: at } of pages) {
    const existing = current.byPath.get(path);
    const parentId = parentPath === '' ? null : idOfPath.get(parentPath);
    if (parentId === undefined) continue; // its parent is not in the space (deleted there since the last sync)
    let moves = reorder.get(parentPath);
    if (moves === undefined) {
      moves = applies(parentPath) && orderIn(current, parentPath, deleted) !== remoteOrder(parentPath);
      reorder.set(parentPath, moves);
    }
    const fields = {
      ...(page.title !== '' ? { title: page.title } : {}),
      slug: page.slug,
      emoji: page.emoji,
      description: page.description,
    };
    if (existing !== undefined) {
      idOfPath.set(path, existing);
      const changed = applies(path) && nodeSignature(current.tree.get(existing)!) !== gitSignature(page);
      if (changed || moves)
        edits.push({
          operation: 'update_page',
          page: existing,
          ...(changed ? { ...fields, markdown: page.markdown } : {}),
          ...(moves ? { into: parentId, at } : {}),
        });
    } else if (applies(path)) {
      idOfPath.set(path, page.id);
      newPageIds.push(page.id);
      edits.push({ operation: 'insert_page', ...(parentId !== null ? { into: parentId } : {}), at, ...fields, markdown: page.markdown });
    }
  }
  return { edits, newPageIds, conflicts };
}

/**
 * The commit's pages with their ids and links in the space's: a page at a path the space has takes
 * that page's id; files as `fileIds` maps them.
 */
export function inSpaceIds(remote: GitContent, current: SyncedTree, fileIds: ReadonlyMap<string, string>): GitContent {
  const pageIds = new Map<string, string>();
  for (const { page, path } of placed(remote.pages)) {
    const existing = current.byPath.get(path);
    if (existing !== undefined) pageIds.set(page.id, existing);
  }
  const relink = (markdown: string) =>
    markdown.replace(/\/(pages|files)\/([A-Za-z0-9_-]+)/g, (whole, kind: string, id: string) => {
      const mapped = (kind === 'pages' ? pageIds : fileIds).get(id);
      return mapped === undefined ? whole : `/${kind}/${mapped}`;
    });
  const mapPage = (page: GitPage): GitPage => ({
    ...page,
    id: pageIds.get(page.id) ?? page.id,
    markdown: relink(page.markdown),
    children: page.children.map(mapPage),
  });
  return { pages: remote.pages.map(mapPage), files: remote.files.map((f) => ({ ...f, id: fileIds.get(f.id) ?? f.id })) };
}
