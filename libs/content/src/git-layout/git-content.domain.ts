/**
 * A space's content as the git layout reads and writes it: the page tree (nested, in order), each
 * page's markdown as stored, and the files with their bytes. Links between pages and to files are
 * written in their stable forms (`/pages/<id>`, `/pages/<id>#<anchor>`, `/files/<id>`) in the
 * bodies; the layout turns them into relative paths and back.
 */
export interface GitPage {
  id: string;
  title: string;
  slug: string;
  emoji: string;
  description: string;
  markdown: string;
  children: GitPage[];
}

export interface GitFile {
  id: string;
  name: string;
  contentType: string;
  bytes: Uint8Array;
}

export interface GitContent {
  pages: GitPage[];
  files: GitFile[];
}

/** The pages depth first, parents before their children, in order (iterative: no recursion on input depth). */
export function pagesInOrder(pages: readonly GitPage[]): GitPage[] {
  const out: GitPage[] = [];
  const stack = [...pages].reverse();
  while (stack.length > 0) {
    const page = stack.pop()!;
    out.push(page);
    for (let i = page.children.length - 1; i >= 0; i--) stack.push(page.children[i]!);
  }
  return out;
}
