import { invalid } from '@docs/kernel';
import { GitContent, GitPage } from '../git-layout/git-content.domain';
import { PageEdit } from '../page-tree/page-edits.domain';
import { formatBytes, MAX_PAGE_MARKDOWN_BYTES, oversizeMarkdown } from '../page-tree/page-limits.domain';

type InsertPage = Extract<PageEdit, { operation: 'insert_page' }>;

/** The bounds the API puts on a page's fields (content-change.dto.ts), which an archive must keep too. */
const FIELD_CAPS: ReadonlyArray<[keyof Pick<GitPage, 'title' | 'slug' | 'emoji' | 'description'>, number]> = [
  ['title', 200],
  ['slug', 100],
  ['emoji', 50],
  ['description', 1000],
];

const named = (page: GitPage) => JSON.stringify(page.title.length > 60 ? `${page.title.slice(0, 60)}…` : page.title);

/**
 * Refuses, where the archive is read (a work thread), content an import would refuse later: more
 * pages than an import makes, or a page past the markdown cap. Checked there, a refused archive's
 * pages never cross to the server's main thread (190 MiB of them held its loop some 180 ms).
 */
export function requireImportable(content: GitContent, maxPages: number): void {
  let count = 0;
  const stack = [...content.pages];
  while (stack.length > 0) {
    const page = stack.pop()!;
    if (++count > maxPages) throw invalid(`archive: more than ${maxPages} pages; an import makes at most ${maxPages}`);
    const bytes = oversizeMarkdown(page.markdown);
    if (bytes !== null) {
      throw invalid(
        `archive: page ${named(page)}: its markdown has ${formatBytes(bytes)}; a page holds at most ` +
          `${formatBytes(MAX_PAGE_MARKDOWN_BYTES)} (${MAX_PAGE_MARKDOWN_BYTES} bytes)`,
      );
    }
    stack.push(...page.children);
  }
}

/**
 * The edits that insert an archive's pages after the pages a revision has (`topSlugs`: the slugs of
 * its top-level pages): one `insert_page` per page, parents before children (depth first, so each
 * sibling lands after the previous one), each with the id the archive gave it (so links between
 * them hold), its slug (a top-level one made unique beside the revision's own: `slug-2`...) and
 * metadata. A field past the API's bounds, or more pages than an import may make, is a 400.
 */
export function archiveEdits(
  content: GitContent,
  topSlugs: ReadonlySet<string>,
  maxPages: number,
): { edits: InsertPage[]; newPageIds: string[] } {
  const edits: InsertPage[] = [];
  const newPageIds: string[] = [];
  const taken = new Set(topSlugs);
  const stack: { page: GitPage; into?: string }[] = [...content.pages].reverse().map((page) => ({ page }));
  while (stack.length > 0) {
    const { page, into } = stack.pop()!;
    if (edits.length >= maxPages) throw invalid(`archive: more than ${maxPages} pages; an import makes at most ${maxPages}`);
    for (const [field, cap] of FIELD_CAPS) {
      if (page[field].length > cap) throw invalid(`archive: page ${named(page)}: ${field} is longer than ${cap} characters`);
    }
    let slug = page.slug;
    if (into === undefined) {
      for (let n = 2; taken.has(slug); n++) slug = `${page.slug}-${n}`;
      taken.add(slug);
    }
    edits.push({
      operation: 'insert_page',
      ...(into !== undefined ? { into } : {}),
      ...(page.title !== '' ? { title: page.title } : {}),
      slug,
      emoji: page.emoji,
      description: page.description,
      markdown: page.markdown,
    });
    newPageIds.push(page.id);
    for (let i = page.children.length - 1; i >= 0; i--) stack.push({ page: page.children[i]!, into: page.id });
  }
  return { edits, newPageIds };
}
