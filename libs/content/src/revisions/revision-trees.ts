import { Injectable } from '@nestjs/common';
import { Lru, notFound } from '@docs/platform';
import { FileNode } from '../page-tree/content-files.domain';
import { PageNode, PageTree } from '../page-tree/page-tree.domain';
import { RevisionDoc, RevisionsReadModel } from './revisions.read-model';

/**
 * A revision ready to read and decide on: its tree, and the indexes reads need (children in order,
 * paths both ways), built on first use (decisions need the tree only).
 */
export interface RevisionContent {
  revision: RevisionDoc;
  tree: PageTree;
  files: readonly FileNode[];
  /** Each parent's children (null: the top level), ordered by rank. */
  readonly children: ReadonlyMap<string | null, readonly PageNode[]>;
  /** The path of each page (its ancestors' slugs and its own). */
  readonly paths: ReadonlyMap<string, string>;
  /** The page at each path. */
  readonly byPath: ReadonlyMap<string, string>;
}

const byRank = (a: PageNode, b: PageNode) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : a.id < b.id ? -1 : 1);

function childrenOf(pages: Iterable<PageNode>): Map<string | null, PageNode[]> {
  const children = new Map<string | null, PageNode[]>();
  for (const page of pages) {
    const siblings = children.get(page.parent);
    if (siblings) siblings.push(page);
    else children.set(page.parent, [page]);
  }
  for (const siblings of children.values()) siblings.sort(byRank);
  return children;
}

function pathsOf(children: ReadonlyMap<string | null, readonly PageNode[]>): { paths: Map<string, string>; byPath: Map<string, string> } {
  const paths = new Map<string, string>();
  const byPath = new Map<string, string>();
  const walk = (parent: string | null, prefix: string) => {
    for (const page of children.get(parent) ?? []) {
      const path = prefix ? `${prefix}/${page.slug}` : page.slug;
      paths.set(page.id, path);
      byPath.set(path, page.id);
      walk(page.id, path);
    }
  };
  walk(null, '');
  return { paths, byPath };
}

/** A revision and its pages, as RevisionContent. */
export function contentOf(revision: RevisionDoc, pages: Iterable<PageNode>): RevisionContent {
  const tree = new Map<string, PageNode>();
  for (const page of pages) tree.set(page.id, page);
  let children: Map<string | null, PageNode[]> | undefined;
  let indexed: ReturnType<typeof pathsOf> | undefined;
  return {
    revision,
    tree,
    files: revision.files,
    get children() {
      return (children ??= childrenOf(tree.values()));
    },
    get paths() {
      return (indexed ??= pathsOf(this.children)).paths;
    },
    get byPath() {
      return (indexed ??= pathsOf(this.children)).byPath;
    },
  };
}

/** How many revisions stay built in memory: the live and open ones of busy spaces. */
const CACHED_REVISIONS = 256;
/** How many chunks stay in memory (a chunk holds about a 64th of a tree's pages). */
const CACHED_CHUNKS = 16_384;

/**
 * Revisions by id, built into `RevisionContent` and kept (least recently used out), with the tree
 * chunks they are made of: revisions and chunks never change, so what is kept is never stale, and a
 * new revision reads only the chunks its parent did not have. A purged space's revisions may stay
 * kept; every read goes through the space's scope first, which no longer finds it.
 */
@Injectable()
export class RevisionTrees {
  private readonly revisions = new Lru<RevisionContent>(CACHED_REVISIONS);
  private readonly chunks = new Lru<readonly PageNode[]>(CACHED_CHUNKS);

  constructor(private readonly model: RevisionsReadModel) {}

  /** The space's revision, or 404 naming it. */
  async content(spaceId: string, revisionId: string): Promise<RevisionContent> {
    const kept = this.revisions.get(revisionId);
    if (kept && kept.revision.spaceId === spaceId) return kept;
    const doc = await this.model.revision(spaceId, revisionId);
    if (!doc) throw notFound(`revision not found: ${revisionId}`);
    const content = contentOf(doc, await this.pagesOf(doc));
    this.revisions.set(revisionId, content);
    return content;
  }

  /** Page bodies by hash. */
  bodies(hashes: Iterable<string>): Promise<Map<string, string>> {
    return this.model.bodies(hashes);
  }

  /**
   * The pages of these tree chunks (tree-chunks.ts), by hash, each sorted by id: read once, then
   * kept. A diff of two revisions opens only the chunks where their lists differ.
   */
  async chunkPages(hashes: readonly string[]): Promise<ReadonlyMap<string, readonly PageNode[]>> {
    const missing = hashes.filter((h) => this.chunks.get(h) === undefined);
    for (const chunk of await this.model.chunks(missing)) this.chunks.set(chunk.id, chunk.pages);
    return new Map(
      hashes.map((hash) => {
        const pages = this.chunks.get(hash);
        // Chunks are written with (before) the revision that names them.
        if (!pages) throw new Error(`tree chunk ${hash} is missing`);
        return [hash, pages];
      }),
    );
  }

  private async pagesOf(doc: RevisionDoc): Promise<PageNode[]> {
    const hashes = doc.chunks.filter((h): h is string => h !== null);
    const chunks = await this.chunkPages(hashes);
    return hashes.flatMap((hash) => chunks.get(hash)!);
  }
}
