import { PageNode } from '../page-tree/page-tree.domain';
import { GitFile, GitPage } from './git-content.domain';

/**
 * A revision's pages as the git layout's (children in the order `children` gives, the top level
 * under null), each with its body. Iterative: a tree as deep as the caps allow costs no stack; each
 * page once, even in a tree a merge made cyclic.
 */
export function gitContentOf(
  children: ReadonlyMap<string | null, readonly PageNode[]>,
  bodyOf: (page: PageNode) => string,
  files: GitFile[],
): { pages: GitPage[]; files: GitFile[] } {
  const roots: GitPage[] = [];
  const seen = new Set<string>();
  const stack = [...(children.get(null) ?? [])].reverse().map((node) => ({ node, into: roots }));
  while (stack.length > 0) {
    const { node, into } = stack.pop()!;
    if (seen.has(node.id)) continue;
    seen.add(node.id);
    const { id, title, slug, emoji, description } = node;
    const page: GitPage = { id, title, slug, emoji, description, markdown: bodyOf(node), children: [] };
    into.push(page);
    for (const child of [...(children.get(node.id) ?? [])].reverse()) stack.push({ node: child, into: page.children });
  }
  return { pages: roots, files };
}
