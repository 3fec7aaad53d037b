import { childrenOf, PageNode, PageTree } from '../page-tree/page-tree.domain';
import { GitFile, GitPage } from './git-content.domain';

/**
 * A revision's tree and bodies as the git layout's pages (children in rank order). Iterative: a
 * tree as deep as the caps allow costs no stack. Each page's children come from one pass over the
 * tree.
 */
export function gitContentOf(tree: PageTree, bodyOf: (page: PageNode) => string, files: GitFile[]): { pages: GitPage[]; files: GitFile[] } {
  const children = new Map<string | null, PageNode[]>();
  for (const page of tree.values()) {
    const list = children.get(page.parent);
    if (list) list.push(page);
    else children.set(page.parent, [page]);
  }
  const ordered = (parent: string | null) =>
    children.has(parent) ? childrenOf(new Map(children.get(parent)!.map((p) => [p.id, p])), parent) : [];
  const roots: GitPage[] = [];
  const stack = ordered(null)
    .reverse()
    .map((node) => ({ node, into: roots }));
  while (stack.length > 0) {
    const { node, into } = stack.pop()!;
    const page: GitPage = {
      id: node.id,
      title: node.title,
      slug: node.slug,
      emoji: node.emoji,
      description: node.description,
      markdown: bodyOf(node),
      children: [],
    };
    into.push(page);
    for (const child of ordered(node.id).reverse()) stack.push({ node: child, into: page.children });
  }
  return { pages: roots, files };
}
