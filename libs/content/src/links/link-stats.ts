import { Injectable } from '@nestjs/common';
import { brokenBeyond, LinkEntry, LinkStatus } from './links.domain';
import { ChangeRequestsReadModel } from '../change-requests/change-requests.read-model';
import { SpaceDoc } from '../spaces/reads/spaces.read-model';
import { LinksOfRevision, RevisionLinks } from './revision-links';
import { RevisionTrees } from '../revisions/revision-trees';

/** The seed's `stats` of a link listing. */
export interface LinkStats {
  total: number;
  broken: { total: number; changeRequest: number };
}

/**
 * How many change requests of each status (open, draft) the live listing's `broken.changeRequest` looks at, most recently updated first.
 */
export const CHANGE_REQUESTS_COUNTED = 50;

/**
 * Which entries of a revision's links a listing is about (all of them, or one page's), and how many links it leaves out past the cap per
 * page.
 */
export interface LinkScope {
  entries(links: LinksOfRevision): readonly LinkEntry[];
  notListed(links: LinksOfRevision): number;
}

export const WHOLE_REVISION: LinkScope = { entries: (links) => links.all, notListed: (links) => links.notListed };

export const onePage = (pageId: string): LinkScope => ({
  entries: (links) => links.byPage.get(pageId) ?? [],
  notListed: (links) => links.notListedByPage.get(pageId) ?? 0,
});

/** The entries with `status`, or all of them. */
export const withStatus = (entries: readonly LinkEntry[], status: LinkStatus | undefined) =>
  status === undefined ? [...entries] : entries.filter((e) => e.status === status);

/**
 * The `stats` of a listing: `total` and `broken.total` count the listed content's links (before
 * the `status` filter; `total` also counts the links pages write past the cap of
 * MAX_LINKS_PER_PAGE, which the listing leaves out, so `total` − `count` says how many those are);
 * `broken.changeRequest` counts the broken links change requests bring:
 * for a change request's listing, its broken links that are not broken in the live content; for
 * the live listing, the same summed over the space's open and draft change requests (the
 * `CHANGE_REQUESTS_COUNTED` most recently updated of each status).
 */
@Injectable()
export class LinkStatsOf {
  constructor(
    private readonly trees: RevisionTrees,
    private readonly links: RevisionLinks,
    private readonly changeRequests: ChangeRequestsReadModel,
  ) {}

  async live(space: SpaceDoc, listed: LinksOfRevision, scope: LinkScope): Promise<LinkStats> {
    const entries = scope.entries(listed);
    let inChangeRequests = 0;
    for (const status of ['open', 'draft'] as const) {
      const { items } = await this.changeRequests.list(space.id, { status }, 'updatedAt', { limit: CHANGE_REQUESTS_COUNTED });
      for (const changeRequest of items) {
        if (changeRequest.revision === space.revision) continue;
        const content = await this.trees.content(space.id, changeRequest.revision);
        inChangeRequests += brokenBeyond(scope.entries(await this.links.of(content)), entries);
      }
    }
    return this.stats(entries, scope.notListed(listed), inChangeRequests);
  }

  async changeRequest(space: SpaceDoc, listed: LinksOfRevision, scope: LinkScope): Promise<LinkStats> {
    const entries = scope.entries(listed);
    const live = await this.links.of(await this.trees.content(space.id, space.revision));
    return this.stats(entries, scope.notListed(listed), brokenBeyond(entries, scope.entries(live)));
  }

  private stats(entries: readonly LinkEntry[], notListed: number, changeRequest: number): LinkStats {
    return { total: entries.length + notListed, broken: { total: entries.filter((e) => e.status === 'broken').length, changeRequest } };
  }
}
