import { Role } from '@docs/kernel';
import { Injectable } from '@nestjs/common';
import { DomainError, FindResult, Page } from '@docs/platform';
import { ChangeRequestsReadModel } from './change-requests/change-requests.read-model';
import { SpacesReadModel } from './spaces/reads/spaces.read-model';
import { RevisionTrees } from './revisions/revision-trees';
import { SpaceAccess } from './spaces/space-access';
import { SearchReadModel } from './search/search.read-model';
import { SearchHits } from './search/search-hits';
import { excerpt } from './search/search.presenter';
import { FileLinkSigner } from './signed-urls/file-link-signer';
import { isHidden } from './page-tree/page-tree.domain';

/** A space as one user sees it: where it is, its live revision, and the user's effective role in it. */
export interface SpaceAccessView {
  spaceId: string;
  organizationId: string;
  /** The live revision. */
  revision: string;
  role: Role;
}

/** A change request of a space: its id, number, status and current revision. */
export interface ChangeRequestRef {
  id: string;
  spaceId: string;
  number: number;
  status: string;
  revision: string;
}

/** A page of a revision: what other contexts show of it, and the SHA-256 of its markdown (to tell whether it changed). */
export interface PageRef {
  id: string;
  title: string;
  /** `""` when unset. */
  emoji: string;
  path: string;
  bodyHash: string;
}

/** A page of a revision in tree order, with what a served site shows of it. */
export interface RevisionPageEntry extends PageRef {
  description: string;
  parent: string | null;
  /** 1 for a top-level page. */
  depth: number;
  /** Left out of a site's navigation and lists (GitBook's `hidden`), still served by its URL. */
  hidden: boolean;
}

/** A revision's pages in tree order (depth first, siblings by rank) and its files' ids and names. */
export interface RevisionPages {
  pages: RevisionPageEntry[];
  files: { id: string; name: string }[];
}

/** A section of a page matching a search: its anchor (`""` for the page's start), title, and text around the match. */
export interface SectionMatch {
  anchor: string;
  title: string;
  excerpt: string;
  score: number;
}

/** A page matching a search, placed in its space's revision, with its best sections. */
export interface PageMatch {
  id: string;
  title: string;
  description: string;
  path: string;
  /** Titles from the top level down to the parent. */
  ancestors: string[];
  score: number;
  rank: number;
  sections: SectionMatch[];
}

/** A space with pages matching a search. */
export interface SpaceMatch {
  spaceId: string;
  score: number;
  pages: PageMatch[];
}

/**
 * The content context's query interface for other contexts (exported through its index, like
 * OrganizationDirectory): who sees a space and with which role, its change requests, and the pages
 * of its revisions. Other contexts never read content's collections or domain files.
 */
@Injectable()
export class ContentDirectory {
  constructor(
    private readonly spaces: SpacesReadModel,
    private readonly access: SpaceAccess,
    private readonly changeRequests: ChangeRequestsReadModel,
    private readonly trees: RevisionTrees,
    private readonly searchIndex: SearchReadModel,
    private readonly searchHits: SearchHits,
    private readonly fileLinks: FileLinkSigner,
  ) {}

  /**
   * The URL serving the bytes of a file of the revision without a token (its `downloadURL`): the same
   * URL until `fileUrlsExpireAt()` changes, then a new one (the old one serves a window longer).
   */
  fileUrl(spaceId: string, revisionId: string, fileId: string): string {
    return this.fileLinks.url(spaceId, revisionId, fileId);
  }

  /** When the file URLs handed out now expire (Unix seconds): what an answer holding them may be cached by. */
  fileUrlsExpireAt(): number {
    return this.fileLinks.expiresAt();
  }

  /**
   * The space as `userId` sees it, or null when it does not exist, was purged, is in the trash or
   * is invisible to them (what `SpaceScope.view()` answers 404 for).
   */
  async spaceFor(spaceId: string, userId: string): Promise<SpaceAccessView | null> {
    const space = await this.spaces.space(spaceId);
    if (space?.status !== 'active') return null;
    const caller = await this.access.callerFacts(space.organizationId, userId);
    const role = (await this.access.rolesOn([space], caller)).get(space.id) ?? null;
    return role === null ? null : { spaceId: space.id, organizationId: space.organizationId, revision: space.revision, role };
  }

  /** The space's change request with this id or number (GitBook's `{changeRequestId}`), or null. */
  async changeRequest(spaceId: string, idOrNumber: string): Promise<ChangeRequestRef | null> {
    const doc = /^\d{1,15}$/.test(idOrNumber)
      ? await this.changeRequests.byNumber(spaceId, Number(idOrNumber))
      : await this.changeRequests.byId(spaceId, idOrNumber);
    return doc && { id: doc.id, spaceId: doc.spaceId, number: doc.number, status: doc.status, revision: doc.revision };
  }

  /** The pages among `pageIds` that the space's revision holds (absent ones left out); none for an unknown revision. */
  async pages(spaceId: string, revisionId: string, pageIds: Iterable<string>): Promise<Map<string, PageRef>> {
    const wanted = [...new Set(pageIds)];
    const found = new Map<string, PageRef>();
    if (wanted.length === 0) return found;
    const content = await this.trees.content(spaceId, revisionId).catch((error: unknown) => {
      if (error instanceof DomainError && error.kind === 'not_found') return null;
      throw error;
    });
    if (!content) return found;
    for (const id of wanted) {
      const page = content.tree.get(id);
      if (page)
        found.set(id, { id, title: page.title, emoji: page.emoji, path: content.paths.get(id) ?? page.slug, bodyHash: page.bodyHash });
    }
    return found;
  }

  /** The revision's pages in tree order and its files, or null for a revision the space does not have. */
  async revisionPages(spaceId: string, revisionId: string): Promise<RevisionPages | null> {
    const content = await this.trees.content(spaceId, revisionId).catch((error: unknown) => {
      if (error instanceof DomainError && error.kind === 'not_found') return null;
      throw error;
    });
    if (!content) return null;
    const pages: RevisionPageEntry[] = [];
    const seen = new Set<string>();
    // Iterative depth-first walk (trees nest at most MAX_PAGE_DEPTH, but a merge may make one cyclic).
    const stack = [...(content.children.get(null) ?? [])].reverse().map((page) => ({ page, depth: 1 }));
    while (stack.length > 0) {
      const { page, depth } = stack.pop()!;
      if (seen.has(page.id)) continue;
      seen.add(page.id);
      const path = content.paths.get(page.id) ?? page.slug;
      pages.push({
        id: page.id,
        title: page.title,
        emoji: page.emoji,
        path,
        bodyHash: page.bodyHash,
        description: page.description,
        parent: page.parent,
        depth,
        hidden: isHidden(page),
      });
      const children = content.children.get(page.id) ?? [];
      for (let i = children.length - 1; i >= 0; i--) stack.push({ page: children[i]!, depth: depth + 1 });
    }
    return { pages, files: content.files.map((f) => ({ id: f.id, name: f.name })) };
  }

  /** Page bodies (markdown) by the SHA-256 of their markdown (a PageRef's `bodyHash`); unknown ones absent. */
  bodies(hashes: Iterable<string>): Promise<Map<string, string>> {
    return this.trees.bodies(hashes);
  }

  /**
   * Full-text search of the live content of `spaces` (each named with its live revision, which places
   * the hits): spaces with matching pages, best first, a page of them at a time (the index's bounds:
   * TEXT_SEARCH_DEPTH hits ranked at most). The caller decides which spaces a reader may search.
   */
  async search(spaces: readonly { spaceId: string; revision: string }[], text: string, page: Page): Promise<FindResult<SpaceMatch>> {
    const revisions = new Map(spaces.map((s) => [s.spaceId, s.revision]));
    const result = await this.searchIndex.inSpaces([...revisions.keys()], text, page);
    const items: SpaceMatch[] = [];
    for (const group of result.items) {
      const spaceId = String(group.key);
      const revision = revisions.get(spaceId);
      if (revision === undefined) continue;
      const hits = await this.searchHits.pagesOf({ id: spaceId, revision }, group.hits);
      const pages = hits.map(
        (hit): PageMatch => ({
          id: hit.page.id,
          title: hit.page.title,
          description: hit.page.description,
          path: hit.path,
          ancestors: hit.ancestors,
          score: hit.score,
          rank: hit.rank,
          sections: hit.sections.map(({ section, score }) => ({
            anchor: section.anchor,
            // The first section carries the page's title as it is now (a rename is not reindexed).
            title: section.index === 0 ? hit.page.title : section.title,
            excerpt: excerpt(section.body, text),
            score,
          })),
        }),
      );
      if (pages.length > 0) items.push({ spaceId, score: group.score, pages });
    }
    return { items, count: result.count, ...(result.next ? { next: result.next } : {}) };
  }
}
