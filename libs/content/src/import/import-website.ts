import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { PageEdit } from '../page-tree/page-edits.domain';
import { SpaceCommand } from '../spaces/space-scope';
import { ImportTargets } from './import-target';
import { CrawledPage, resolveImages, resolvePageLinks } from './page-markers';
import { WebsiteCrawler } from './website-crawler';

export interface WebsiteImported {
  revision: string;
  importedResources: number;
  totalResources: number;
}

/** `changeRequest` absent: the live content. */
export class ImportWebsite extends SpaceCommand<{ url: string; changeRequest?: string }, WebsiteImported> {}

const depthOf = (path: string) => path.split('/').filter(Boolean).length;

/** The order pages are inserted in (indexes into `pages`): by depth of path, then as given; `newPageIds[k]` is page `order[k]`'s. */
export function importOrder(pages: readonly Pick<CrawledPage, 'path'>[]): number[] {
  return pages.map((_, i) => i).sort((a, b) => depthOf(pages[a]!.path) - depthOf(pages[b]!.path) || a - b);
}

/**
 * One `insert_page` per crawled page, parents before children: a page goes under the imported page
 * with the longest path that is a proper prefix of its own (`/docs/a/b` under `/docs/a`, or under
 * `/docs` when `/docs/a` was not imported: missing intermediate paths are skipped, never invented).
 * The site root `/` is never a parent: it is a top-level page beside the others. Siblings keep the
 * crawl's order. `into` names the id the parent's insert gets (`newPageIds`, known up front), which
 * planning accepts because each edit is planned on the tree the previous ones produced. Links
 * between imported pages become page links (`/pages/<id>`, fragment kept); links to the site's
 * pages that were not imported stay URLs.
 */
export function importEdits(
  pages: readonly Pick<CrawledPage, 'path' | 'title' | 'markdown'>[],
  newPageIds: readonly string[],
): Extract<PageEdit, { operation: 'insert_page' }>[] {
  const byPath = new Map<string, number>();
  for (const [i, page] of pages.entries()) byPath.set(page.path, i);
  const parentOf = (path: string): number | null => {
    const segments = path.split('/').filter(Boolean);
    for (let n = segments.length - 1; n >= 1; n--) {
      const index = byPath.get(`/${segments.slice(0, n).join('/')}`);
      if (index !== undefined) return index;
    }
    return null;
  };
  const order = importOrder(pages);
  const idOf = new Map(order.map((index, position) => [index, newPageIds[position]!]));
  const linkTo = (path: string) => {
    const index = byPath.get(path);
    return index === undefined ? null : `/pages/${idOf.get(index)!}`;
  };
  return order.map((index) => {
    const page = pages[index]!;
    const parent = parentOf(page.path);
    return {
      operation: 'insert_page' as const,
      title: page.title,
      markdown: resolvePageLinks(page.markdown, linkTo),
      ...(parent !== null ? { into: idOf.get(parent)! } : {}),
    };
  });
}

/**
 * POST …/content/import (live) and …/change-requests/{id}/content/import: editors and more. The
 * site is crawled through the outbound guard first (nothing is recorded when the start page
 * cannot be fetched: the guard's error is the answer), then every page is inserted in ONE new
 * revision (ImportTargets). A locked space, or a merged or archived change request, is 409 before
 * anything is fetched. Images stay links to the site (import runs store them as files).
 */
@CommandHandler(ImportWebsite)
export class ImportWebsiteHandler implements ICommandHandler<ImportWebsite> {
  constructor(
    private readonly crawler: WebsiteCrawler,
    private readonly targets: ImportTargets,
  ) {}

  async execute({ props: { url, changeRequest }, scope }: ImportWebsite): Promise<WebsiteImported> {
    const target = await this.targets.open(scope, changeRequest);
    const crawl = await this.crawler.crawl(url);
    const pages = crawl.pages.map((page) => ({ ...page, markdown: resolveImages(page.markdown, () => null) }));
    const newPageIds = pages.map((_, i) => scope.createdId(`page:${i}`));
    const edits = importEdits(pages, newPageIds);
    const revision = await this.targets.write(scope, target, { revisionId: scope.createdId('revision'), edits, newPageIds, files: [] });
    return { revision, importedResources: crawl.pages.length, totalResources: crawl.discovered };
  }
}
