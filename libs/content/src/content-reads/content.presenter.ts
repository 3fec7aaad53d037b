import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@docs/platform';
import { PageView } from './get-page';
import { RevisionView } from './get-revision';
import { TreeView } from './list-pages';
import { AnsweredBody } from './page-bodies';
import { ContentView } from '../revisions/read-content';
import { FileNode } from '../page-tree/content-files.domain';
import { PageNode } from '../page-tree/page-tree.domain';
import { ChangeRequestsPresenter } from '../change-requests/http/change-requests.presenter';
import { RevisionPageResponse, RevisionPagesResponse, RevisionResponse } from './revision.response';
import { RevisionFileResponse } from '../change-requests/http/content-update.response';

/** Decision 5: every RevisionPageLayoutOptions field, at GitBook's defaults (no page sets a layout here). */
export const DEFAULT_PAGE_LAYOUT = {
  width: 'default',
  cover: true,
  coverSize: 'hero',
  coverMask: 'none',
  title: true,
  description: true,
  tableOfContents: true,
  outline: true,
  pagination: true,
  metadata: true,
  tags: true,
  actions: true,
  anchors: true,
} as const;

/**
 * A page's path as a URL path, kept per revision: a revision's paths never change, and every read
 * of a section presents its children's URLs again.
 */
const encodedPaths = new WeakMap<ReadonlyMap<string, string>, Map<string, string>>();
const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/');
function encodedPath(paths: ReadonlyMap<string, string>, pageId: string, path: string): string {
  if (paths.get(pageId) !== path) return encodePath(path);
  let encoded = encodedPaths.get(paths);
  if (!encoded) encodedPaths.set(paths, (encoded = new Map()));
  let url = encoded.get(pageId);
  if (url === undefined) encoded.set(pageId, (url = encodePath(path)));
  return url;
}

/**
 * GitBook's Revision, RevisionPageDocument and RevisionFile objects. No I/O: the use cases read the
 * revision, the page body and the merged change request.
 */
@Injectable()
export class ContentPresenter {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly changeRequests: ChangeRequestsPresenter,
  ) {}

  revision({ mergedFrom, git, ...view }: RevisionView): RevisionResponse {
    const { revision } = view.content;
    return {
      object: 'revision' as const,
      id: revision.id,
      parents: [...revision.parents],
      pages: this.pages(view).pages,
      files: revision.files.map((file) => this.file(view, file)),
      reusableContents: [],
      tags: [],
      createdAt: revision.createdAt,
      urls: { app: `${this.config.appUrl}/s/${revision.spaceId}/~/revisions/${revision.id}` },
      type: revision.type,
      ...(mergedFrom ? { mergedFrom: this.changeRequests.changeRequest(mergedFrom) } : {}),
      ...(git ? { git: { oid: git.commit, message: git.message, createdByGitBook: git.createdByExport, ref: git.ref } } : {}),
    };
  }

  /** The page tree, top level first, children nested in order, each page with its body (decision 1). */
  pages(view: TreeView): RevisionPagesResponse {
    return { pages: this.trees(view, view.content.children.get(null) ?? [], view.bodies) };
  }

  /** One page with its body, its children with theirs. */
  pageWithBody({ view, page, bodies }: PageView): RevisionPageResponse {
    return this.trees(view, [page], bodies)[0]!;
  }

  /** GitBook's RevisionFile; the download URL is signed and names the revision. */
  file({ content: { revision } }: ContentView, file: FileNode): RevisionFileResponse {
    return this.changeRequests.revisionFile(revision.spaceId, revision.id, file);
  }

  /**
   * The pages with every page under them, nested in order, each with its body. Built with a stack, not recursion: a tree
   * thousands of pages deep neither overflows the call stack nor copies a set of ancestors per page.
   * Each page has one parent, so each is met once (pages on a cycle a merge made are not reached).
   */
  private trees(view: ContentView, roots: readonly PageNode[], bodies: ReadonlyMap<string, AnsweredBody>): RevisionPageResponse[] {
    const out: RevisionPageResponse[] = [];
    const seen = new Set<string>();
    const stack: [PageNode, RevisionPageResponse[]][] = [];
    for (let i = roots.length - 1; i >= 0; i--) stack.push([roots[i]!, out]);
    while (stack.length > 0) {
      const [page, into] = stack.pop()!;
      if (seen.has(page.id)) continue;
      seen.add(page.id);
      // The body set last, after the page's own fields (a spread of the page object measured ~7 µs a request).
      const document = Object.assign(this.page(view, page), bodies.get(page.id));
      into.push(document);
      const children = view.content.children.get(page.id) ?? [];
      for (let i = children.length - 1; i >= 0; i--) stack.push([children[i]!, document.pages]);
    }
    return out;
  }

  /** One page's document, its `pages` still empty. */
  private page(view: ContentView, page: PageNode): RevisionPageResponse {
    const path = view.content.paths.get(page.id) ?? page.slug;
    return {
      id: page.id,
      title: page.title,
      ...(page.emoji ? { emoji: page.emoji } : {}),
      kind: 'sheet',
      type: 'document',
      description: page.description,
      ...(page.hidden ? { hidden: true } : {}),
      slug: page.slug,
      path,
      urls: { app: `${this.appBase(view)}/${encodedPath(view.content.paths, page.id, path)}` },
      pages: [],
      layout: DEFAULT_PAGE_LAYOUT,
      tags: [],
    };
  }

  /** Where the location is in the application: the space (live), the change request, or the revision. */
  private appBase({ space, location, content }: ContentView): string {
    const base = `${this.config.appUrl}/s/${space.id}`;
    switch (location.at) {
      case 'live':
        return base;
      case 'change-request':
        return `${base}/~/changes/${location.changeRequestId}`;
      case 'revision':
        return `${base}/~/revisions/${content.revision.id}`;
    }
  }
}
