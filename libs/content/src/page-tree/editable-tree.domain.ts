import { sha256 } from '@docs/kernel';
import type { PageNode, PageTree, TreeChange } from './page-tree.domain';
import { byRankThenId } from './sibling-order.domain';

/**
 * The page tree a batch of edits changes one edit after another (planEdits): a copy of the
 * revision's pages, changed in place, that keeps each parent's children in order and counts their
 * slugs, so planning an edit costs what its siblings need, not a pass over the whole tree. Copying
 * the tree and listing a parent's children from all pages, per edit, made an import of 2,000 pages
 * hold the server's event loop for over a second.
 */
export class EditableTree extends Map<string, PageNode> {
  /** By parent: its children in order, and how many of them have each slug (built on first use). */
  private index: { children: Map<string | null, PageNode[]>; slugs: Map<string | null, Map<string, number>> } | null = null;

  constructor(tree: PageTree) {
    super(tree);
  }

  /** `parent`'s children, in order (do not change the list). */
  childrenOf(parent: string | null): readonly PageNode[] {
    return this.indexed().children.get(parent) ?? [];
  }

  /** Whether a child of `parent` other than `self` has `slug`. */
  slugTaken(parent: string | null, slug: string, self?: string): boolean {
    const count = this.indexed().slugs.get(parent)?.get(slug) ?? 0;
    const mine = self !== undefined && this.get(self)?.parent === parent && this.get(self)?.slug === slug ? 1 : 0;
    return count - mine > 0;
  }

  /** Applies recorded changes in place (as applyChanges does to a copy). */
  apply(changes: readonly TreeChange[]): void {
    for (const change of changes) {
      switch (change.op) {
        case 'insert':
          this.set(change.page.id, change.page);
          this.link(change.page);
          break;
        case 'update': {
          const page = this.get(change.pageId)!;
          const bodyHash = change.markdown === undefined ? page.bodyHash : sha256(change.markdown);
          const next = { ...page, ...change.fields, bodyHash };
          this.unlink(page);
          this.set(change.pageId, next);
          this.link(next);
          break;
        }
        case 'delete': {
          const gone = new Set([change.pageId]);
          // Whole subtrees go: the pages under a deleted one, found from the children kept.
          for (const id of gone) for (const child of this.childrenOf(id)) gone.add(child.id);
          for (const id of gone) {
            const page = this.get(id);
            if (page) this.unlink(page);
            this.delete(id);
          }
          for (const id of gone) {
            this.index?.children.delete(id);
            this.index?.slugs.delete(id);
          }
          break;
        }
      }
    }
  }

  private indexed() {
    if (this.index) return this.index;
    this.index = { children: new Map(), slugs: new Map() };
    for (const page of this.values()) this.link(page, false);
    for (const list of this.index.children.values()) list.sort(byRankThenId);
    return this.index;
  }

  /** Adds `page` to its parent's children (in order, unless `sorted` is false: the index sorts once after) and slugs. */
  private link(page: PageNode, sorted = true): void {
    if (!this.index) return;
    const { children, slugs } = this.index;
    let list = children.get(page.parent);
    if (!list) children.set(page.parent, (list = []));
    if (!sorted) list.push(page);
    else {
      let low = 0;
      let high = list.length;
      while (low < high) {
        const mid = (low + high) >>> 1;
        if (byRankThenId(list[mid]!, page) < 0) low = mid + 1;
        else high = mid;
      }
      list.splice(low, 0, page);
    }
    let counts = slugs.get(page.parent);
    if (!counts) slugs.set(page.parent, (counts = new Map()));
    counts.set(page.slug, (counts.get(page.slug) ?? 0) + 1);
  }

  private unlink(page: PageNode): void {
    if (!this.index) return;
    const list = this.index.children.get(page.parent);
    const at = list?.findIndex((p) => p.id === page.id) ?? -1;
    if (at >= 0) list!.splice(at, 1);
    const counts = this.index.slugs.get(page.parent);
    const count = counts?.get(page.slug) ?? 0;
    if (count <= 1) counts?.delete(page.slug);
    else counts!.set(page.slug, count - 1);
  }
}
