import { sha256 } from '@docs/kernel';
import { mergeMarkdown } from './line-merge.domain';
import { MAX_PAGE_DEPTH } from './page-limits.domain';
import { isHidden, PageNode, PageTree, pathOf, subtreeOf, TreeChange, uniqueSlug } from './page-tree.domain';

export { mergeMarkdown } from './line-merge.domain';

/** Where a three-way merge could not decide: the page, and why. */
export interface MergeConflict {
  pageId: string;
  path: string;
  reason: string;
}

export type MergeOutcome = { ok: true; changes: TreeChange[] } | { ok: false; conflicts: MergeConflict[] };

/** Page bodies by hash: the merge reads the bodies of pages changed on both sides. */
export type Bodies = ReadonlyMap<string, string>;

const FIELDS = ['title', 'emoji', 'description', 'slug', 'parent', 'rank'] as const;

/** Three-way merge of one value: a side that did not change yields to the other; two equal changes agree. */
function mergeValue<T>(base: T, ours: T, theirs: T): { value: T } | null {
  if (ours === base || ours === theirs) return { value: theirs };
  if (theirs === base) return { value: ours };
  return null;
}

/** Bodies merged line by line ahead of the merge (in a work thread when large), by lineMergeKey; null for a conflict. */
export type LineMerges = ReadonlyMap<string, string | null>;

/** The key of one line merge: the hashes of its base, ours and theirs. */
export const lineMergeKey = (base: string, ours: string, theirs: string) => `${base}:${ours}:${theirs}`;

/**
 * Merges `theirs` (the change request's tree) onto `ours` (the live tree), both descended from
 * `base`, page by page: adds and deletes, moves, titles and the other metadata field by field, and
 * bodies line by line. The result is the changes that turn `ours` into the merged tree, or every
 * conflict found (a page changed on one side and deleted on the other, the same field changed
 * differently, overlapping body edits). Update (pulling live content into a change request) is the
 * same merge with the sides swapped.
 */
export function mergeTrees(
  base: PageTree,
  ours: PageTree,
  theirs: PageTree,
  bodies: Bodies,
  lineMerges: LineMerges = new Map(),
): MergeOutcome {
  const conflicts: MergeConflict[] = [];
  const changes: TreeChange[] = [];
  const conflict = (page: PageNode, tree: PageTree, reason: string) =>
    conflicts.push({ pageId: page.id, path: pathOf(tree, page.id), reason });
  const body = (hash: string) => bodies.get(hash);

  for (const [id, theirPage] of theirs) {
    const basePage = base.get(id);
    const ourPage = ours.get(id);
    if (!basePage) {
      if (!ourPage) changes.push({ op: 'insert', page: theirPage, markdown: body(theirPage.bodyHash) ?? '' });
      continue;
    }
    // Unchanged in the change request (most pages of a large space): the live page stands as it is.
    if (theirPage === basePage || samePage(basePage, theirPage)) continue;
    if (!ourPage) {
      conflict(theirPage, theirs, 'changed in the change request, deleted in the live content');
      continue;
    }
    const fields: Partial<PageNode> = {};
    for (const field of FIELDS) {
      const merged = mergeValue(basePage[field], ourPage[field], theirPage[field]);
      if (!merged) conflict(theirPage, theirs, `${field} changed on both sides`);
      else if (merged.value !== ourPage[field]) Object.assign(fields, { [field]: merged.value });
    }
    // A flag (absent meaning false) never conflicts: of two sides that changed it, both set the same value.
    const hidden = mergeValue(isHidden(basePage), isHidden(ourPage), isHidden(theirPage))!.value;
    if (hidden !== isHidden(ourPage)) fields.hidden = hidden;
    let markdown: string | undefined;
    const hash = mergeValue(basePage.bodyHash, ourPage.bodyHash, theirPage.bodyHash);
    if (hash && hash.value !== ourPage.bodyHash) markdown = body(hash.value) ?? '';
    if (!hash) {
      const key = lineMergeKey(basePage.bodyHash, ourPage.bodyHash, theirPage.bodyHash);
      const merged = lineMerges.has(key)
        ? lineMerges.get(key)!
        : mergeMarkdown(body(basePage.bodyHash) ?? '', body(ourPage.bodyHash) ?? '', body(theirPage.bodyHash) ?? '');
      if (merged === null) conflict(theirPage, theirs, 'the same lines were edited on both sides');
      else if (sha256(merged) !== ourPage.bodyHash) markdown = merged;
    }
    if (Object.keys(fields).length > 0 || markdown !== undefined)
      changes.push({ op: 'update', pageId: id, fields, ...(markdown !== undefined ? { markdown } : {}) });
  }
  for (const [id, basePage] of base) {
    if (theirs.has(id) || !ours.has(id)) continue;
    if (!samePage(basePage, ours.get(id)!)) conflict(ours.get(id)!, ours, 'deleted in the change request, changed in the live content');
    else changes.push({ op: 'delete', pageId: id });
  }
  if (conflicts.length > 0) return { ok: false, conflicts };
  return checkedTree(ours, theirs, changes);
}

const samePage = (a: PageNode, b: PageNode) =>
  FIELDS.every((f) => a[f] === b[f]) && isHidden(a) === isHidden(b) && a.bodyHash === b.bodyHash;

/**
 * Each side was a tree; their union may not be: a parent deleted on one side (its child kept on the
 * other), a cycle made of two moves, pages nested past MAX_PAGE_DEPTH by two moves, or two siblings
 * with one slug. Orphans, cycles and such depths conflict; a slug clash is resolved by suffixing
 * the incoming page's slug.
 */
function checkedTree(ours: PageTree, theirs: PageTree, changes: TreeChange[]): MergeOutcome {
  const tree = new Map(ours);
  for (const change of changes) {
    if (change.op === 'insert') tree.set(change.page.id, change.page);
    else if (change.op === 'update') tree.set(change.pageId, { ...tree.get(change.pageId)!, ...change.fields });
  }
  const deleted = new Set(changes.flatMap((c) => (c.op === 'delete' ? subtreeOf(ours, c.pageId) : [])));
  const conflicts: MergeConflict[] = [];
  const cyclic = pagesOnCycles(tree);
  // Deeper than the cap, and deeper than either side had it (a tree already that deep stays mergeable).
  const depth = depthsOf(tree);
  const sides = [depthsOf(ours), depthsOf(theirs)];
  const tooDeep = (id: string) => depth.get(id)! > MAX_PAGE_DEPTH && sides.every((side) => depth.get(id)! > (side.get(id) ?? 0));
  for (const page of tree.values()) {
    if (deleted.has(page.id)) continue;
    if (page.parent !== null && (!tree.has(page.parent) || deleted.has(page.parent))) {
      conflicts.push({ pageId: page.id, path: page.slug, reason: 'its parent page was deleted on the other side' });
    } else if (cyclic.has(page.id)) {
      conflicts.push({ pageId: page.id, path: page.slug, reason: 'moves on both sides would nest it under itself' });
    } else if (tooDeep(page.id)) {
      conflicts.push({
        pageId: page.id,
        path: page.slug,
        reason: `moves on both sides would nest it ${depth.get(page.id)} levels deep (at most ${MAX_PAGE_DEPTH})`,
      });
    }
  }
  if (conflicts.length > 0) return { ok: false, conflicts };
  for (const change of changes) {
    if (change.op !== 'insert' && !(change.op === 'update' && (change.fields.slug !== undefined || change.fields.parent !== undefined)))
      continue;
    const id = change.op === 'insert' ? change.page.id : change.pageId;
    const page = tree.get(id)!;
    const slug = uniqueSlug(tree, page.parent, page.slug, id);
    if (slug === page.slug) continue;
    tree.set(id, { ...page, slug });
    if (change.op === 'insert') change.page = { ...change.page, slug };
    else change.fields = { ...change.fields, slug };
  }
  return { ok: true, changes };
}

/**
 * The pages that are their own ancestors (moves on both sides can make such cycles), in one pass:
 * each page's walk up its parents stops at the first page an earlier walk already went through.
 */
export function pagesOnCycles(tree: PageTree): Set<string> {
  const cyclic = new Set<string>();
  const walked = new Set<string>();
  for (const start of tree.keys()) {
    const path = new Map<string, number>();
    for (let id: string | null | undefined = start; id != null && !walked.has(id); id = tree.get(id)?.parent) {
      if (path.has(id)) {
        for (const onCycle of [...path.keys()].slice(path.get(id))) cyclic.add(onCycle);
        break;
      }
      path.set(id, path.size);
    }
    for (const id of path.keys()) walked.add(id);
  }
  return cyclic;
}

/** Each page's depth (1 at the top level), each page walked once; a page on a cycle or under one counts the pages up to it. */
export function depthsOf(tree: PageTree): Map<string, number> {
  const depth = new Map<string, number>();
  for (const start of tree.keys()) {
    const path: string[] = [];
    const onPath = new Set<string>();
    let id: string | null | undefined = start;
    while (id != null && !depth.has(id) && !onPath.has(id) && tree.has(id)) {
      path.push(id);
      onPath.add(id);
      id = tree.get(id)!.parent;
    }
    let below = id != null && depth.has(id) ? depth.get(id)! : 0;
    for (let i = path.length - 1; i >= 0; i--) depth.set(path[i]!, ++below);
  }
  return depth;
}

/**
 * The bodies a three-way merge of these trees reads: those of every page that is not the same on all
 * three sides (bounded by what changed, never the whole tree).
 */
export function hashesToMerge(base: PageTree, ours: PageTree, theirs: PageTree): Set<string> {
  const hashes = new Set<string>();
  for (const id of new Set([...base.keys(), ...ours.keys(), ...theirs.keys()])) {
    const sides = [base.get(id), ours.get(id), theirs.get(id)];
    const present = sides.filter((p): p is PageNode => p !== undefined);
    if (present.length === 3 && present.every((p) => p.bodyHash === present[0]!.bodyHash)) continue;
    for (const page of present) hashes.add(page.bodyHash);
  }
  return hashes;
}

/**
 * The bodies a merge of these trees merges line by line: pages whose body changed differently on both sides, as [base, ours, theirs]
 * hashes.
 */
export function linesToMerge(base: PageTree, ours: PageTree, theirs: PageTree): [string, string, string][] {
  const out: [string, string, string][] = [];
  for (const [id, theirPage] of theirs) {
    const basePage = base.get(id);
    const ourPage = ours.get(id);
    if (!basePage || !ourPage) continue;
    const [b, o, t] = [basePage.bodyHash, ourPage.bodyHash, theirPage.bodyHash];
    if (b !== o && b !== t && o !== t) out.push([b, o, t]);
  }
  return out;
}
