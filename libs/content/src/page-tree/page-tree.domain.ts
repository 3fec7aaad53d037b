import { idFromSeed, invalid, notFound, sha256, slugOf } from '@docs/kernel';
import { generateKeyBetween } from 'fractional-indexing';
import { EditableTree } from './editable-tree.domain';
import { byRankThenId } from './sibling-order.domain';

/**
 * A revision's page tree: page metadata only. Bodies are addressed by the SHA-256 of their
 * markdown (`bodyHash`), so a tree never carries another page's body and an edit writes only the
 * bodies it changes. Siblings are ordered by `rank` (fractional keys: a move changes one page).
 */
export type PageNode = {
  id: string;
  title: string;
  emoji: string;
  description: string;
  /** Unique among its siblings; the path is the slugs from the root. */
  slug: string;
  parent: string | null;
  rank: string;
  bodyHash: string;
  /** Left out of a published site's navigation and lists, still served by its URL (GitBook's `hidden`); absent: false. */
  hidden?: boolean;
};

export const isHidden = (page: Pick<PageNode, 'hidden'>) => page.hidden === true;

export type PageTree = ReadonlyMap<string, PageNode>;

export const EMPTY_BODY_HASH = sha256('');

/** A change as recorded in an event: ids, slugs and ranks already decided, so replays apply it as it was. */
export type TreeChange =
  | { op: 'insert'; page: PageNode; markdown: string }
  | { op: 'update'; pageId: string; fields: Partial<Omit<PageNode, 'id' | 'bodyHash'>>; markdown?: string }
  | { op: 'delete'; pageId: string };

/** The children of `parent`, in order. */
export function childrenOf(tree: PageTree, parent: string | null): PageNode[] {
  if (tree instanceof EditableTree) return [...tree.childrenOf(parent)];
  return [...tree.values()].filter((p) => p.parent === parent).sort(byRankThenId);
}

/**
 * The page and every page under it, breadth first, children in order (each once, even in a tree a
 * merge made cyclic). The children of every page are gathered in one pass over the tree: asking
 * childrenOf for each page of the subtree made deleting or moving a page with 10,000 under it
 * quadratic (1.7 s).
 */
export function subtreeOf(tree: PageTree, pageId: string): string[] {
  const children = new Map<string, PageNode[]>();
  for (const page of tree.values()) {
    if (page.parent === null) continue;
    const siblings = children.get(page.parent);
    if (siblings) siblings.push(page);
    else children.set(page.parent, [page]);
  }
  const ids = [pageId];
  const seen = new Set(ids);
  for (let i = 0; i < ids.length; i++) {
    for (const child of (children.get(ids[i]!) ?? []).sort(byRankThenId)) {
      if (!seen.has(child.id)) {
        seen.add(child.id);
        ids.push(child.id);
      }
    }
  }
  return ids;
}

/** The page's path: its ancestors' slugs and its own, from the root. */
export function pathOf(tree: PageTree, pageId: string): string {
  const slugs: string[] = [];
  const seen = new Set<string>();
  for (let page = tree.get(pageId); page && !seen.has(page.id); page = page.parent === null ? undefined : tree.get(page.parent)) {
    seen.add(page.id);
    slugs.unshift(page.slug);
  }
  return slugs.join('/');
}

/**
 * A page's URL slug from its title: the kernel's `slugOf`, cut at 90 characters after the dashes
 * are trimmed (so, unlike a site path, it may end in a dash: page slugs always have), `page` when
 * nothing is left.
 */
export function slugify(title: string): string {
  return slugOf(title, { max: Number.POSITIVE_INFINITY, fallback: '' }).slice(0, 90) || 'page';
}

/** `wanted`, or `wanted-2`, `wanted-3`... : the first slug no sibling of `parent` (other than `self`) has. */
export function uniqueSlug(tree: PageTree, parent: string | null, wanted: string, self?: string): string {
  if (tree instanceof EditableTree) {
    if (!tree.slugTaken(parent, wanted, self)) return wanted;
    for (let n = 2; ; n++) if (!tree.slugTaken(parent, `${wanted}-${n}`, self)) return `${wanted}-${n}`;
  }
  const taken = new Set(
    childrenOf(tree, parent)
      .filter((p) => p.id !== self)
      .map((p) => p.slug),
  );
  if (!taken.has(wanted)) return wanted;
  for (let n = 2; ; n++) if (!taken.has(`${wanted}-${n}`)) return `${wanted}-${n}`;
}

/** The rank that puts a page at index `at` among `parent`'s children (the end when absent or past it). */
export function rankAt(tree: PageTree, parent: string | null, at: number | undefined, self?: string): string {
  const all = tree instanceof EditableTree ? tree.childrenOf(parent) : childrenOf(tree, parent);
  const siblings = self === undefined ? all : all.filter((p) => p.id !== self);
  const index = at === undefined ? siblings.length : Math.min(Math.max(at, 0), siblings.length);
  return generateKeyBetween(siblings[index - 1]?.rank ?? null, siblings[index]?.rank ?? null);
}

/** Applies recorded changes; what deciders check before recording them, this assumes. */
export function applyChanges(tree: PageTree, changes: readonly TreeChange[]): PageTree {
  const next = new Map(tree);
  for (const change of changes) {
    switch (change.op) {
      case 'insert':
        next.set(change.page.id, change.page);
        break;
      case 'update': {
        const page = next.get(change.pageId)!;
        const bodyHash = change.markdown === undefined ? page.bodyHash : sha256(change.markdown);
        next.set(change.pageId, { ...page, ...change.fields, bodyHash });
        break;
      }
      case 'delete':
        for (const id of subtreeOf(next, change.pageId)) next.delete(id);
        break;
    }
  }
  return next;
}

/** The id of the page a space's first revision holds (derived, so replays agree). */
export const firstPageId = (revisionId: string) => idFromSeed(`${revisionId}:first-page`);

/**
 * The pages of a new space's first revision: none for GitBook's `empty: true`, else one empty
 * page titled "Untitled".
 */
export function firstRevisionPages(revisionId: string, empty: boolean): PageNode[] {
  if (empty) return [];
  return [
    {
      id: firstPageId(revisionId),
      title: 'Untitled',
      emoji: '',
      description: '',
      slug: 'untitled',
      parent: null,
      rank: 'a0',
      bodyHash: EMPTY_BODY_HASH,
    },
  ];
}

export const requirePage = (tree: PageTree, pageId: string): PageNode => {
  const page = tree.get(pageId);
  if (!page) throw notFound(`page not found: ${pageId}`);
  return page;
};

/** A new parent may not be the page itself or a page under it. */
export function requireNoCycle(tree: PageTree, pageId: string, parent: string | null): void {
  if (parent === null) return;
  requirePage(tree, parent);
  if (subtreeOf(tree, pageId).includes(parent)) throw invalid(`into: page ${pageId} cannot move under itself`);
}
