import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { conflict } from '@docs/platform';
import { ChangeRequestContentEdited } from '../change-requests/change-request.events';
import { PageEdit, planEdits } from '../page-tree/page-edits.domain';
import { ChangeRequestViews } from '../change-requests/change-request-views';
import { ChangeRequestWriter } from '../change-requests/change-request-writer';
import { RevisionTrees } from '../revisions/revision-trees';
import { SpaceCommand } from '../spaces/space-scope';
import { SpaceWriter } from '../spaces/space-writer';
import { CrawledPage, resolvePageLinks, WebsiteCrawler } from './website-crawler';

export interface WebsiteImported {
  revision: string;
  importedResources: number;
  totalResources: number;
}

/** `changeRequest` absent: the live content. */
export class ImportWebsite extends SpaceCommand<{ url: string; changeRequest?: string }, WebsiteImported> {}

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
  pages: readonly CrawledPage[],
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
  const depthOf = (path: string) => path.split('/').filter(Boolean).length;
  const order = pages.map((_, i) => i).sort((a, b) => depthOf(pages[a]!.path) - depthOf(pages[b]!.path) || a - b);
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
 * revision: the change request's (one EditChangeRequestContent) or the live content's (one
 * ChangeLiveContent on the space, planned on the live tree). A locked space, or a merged or
 * archived change request, is 409 before anything is fetched.
 */
@CommandHandler(ImportWebsite)
export class ImportWebsiteHandler implements ICommandHandler<ImportWebsite> {
  constructor(
    private readonly crawler: WebsiteCrawler,
    private readonly spaces: SpaceWriter,
    private readonly changeRequests: ChangeRequestWriter,
    private readonly views: ChangeRequestViews,
    private readonly trees: RevisionTrees,
  ) {}

  async execute({ props: { url, changeRequest }, scope }: ImportWebsite): Promise<WebsiteImported> {
    const { space } = await scope.requirePermission('edit', 'importing content');
    if (space.editMode === 'locked') throw conflict('the space is locked: its content cannot change');
    const cr = changeRequest !== undefined ? await this.views.find(space.id, changeRequest) : null;
    if (cr && (cr.status === 'merged' || cr.status === 'archived'))
      throw conflict(`the change request is ${cr.status}: importing is not possible`);

    const crawl = await this.crawler.crawl(url);
    const newPageIds = crawl.pages.map((_, i) => scope.createdId(`page:${i}`));
    const edits = importEdits(crawl.pages, newPageIds);
    const revisionId = scope.createdId('revision');
    const counts = { importedResources: crawl.pages.length, totalResources: crawl.discovered };

    if (cr) {
      const { events } = await this.changeRequests.execute(
        cr.id,
        { type: 'EditChangeRequestContent', revisionId, edits, newPageIds, newFiles: [] },
        scope,
      );
      const edited = events.find((e): e is ChangeRequestContentEdited => e.type === 'ChangeRequestContentEdited');
      return { revision: edited?.data.revisionId ?? cr.revision, ...counts };
    }
    const live = await this.trees.content(space.id, space.revision);
    const changes = planEdits(live.tree, edits, { newPageIds, base: live.tree, baseBodies: new Map() });
    await this.spaces.execute(
      space.id,
      { type: 'ChangeLiveContent', revisionId, expectedRevision: space.revision, parents: [space.revision], changes },
      scope,
    );
    scope.refresh();
    return { revision: revisionId, ...counts };
  }
}
