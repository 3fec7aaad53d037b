import { Injectable } from '@nestjs/common';
import { notFound } from '@docs/platform';
import { FileNode } from '../domain/content-files';
import { PageNode, PageTree } from '../domain/page-tree';
import { RevisionDoc, RevisionsReadModel } from '../projections/revisions.read-model';

/**
 * A revision ready to read and decide on: its tree, and the indexes reads need (children in order,
 * paths both ways), built once per revision.
 */
export interface RevisionContent {
  revision: RevisionDoc;
  tree: PageTree;
  files: readonly FileNode[];
  /** Each parent's children (null: the top level), ordered by rank. */
  children: ReadonlyMap<string | null, readonly PageNode[]>;
  /** The path of each page (its ancestors' slugs and its own). */
  paths: ReadonlyMap<string, string>;
  /** The page at each path. */
  byPath: ReadonlyMap<string, string>;
}

const byRank = (a: PageNode, b: PageNode) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : a.id < b.id ? -1 : 1);

export function contentOf(revision: RevisionDoc): RevisionContent {
  const tree = new Map(revision.pages.map((p) => [p.id, p]));
  const children = new Map<string | null, PageNode[]>();
  for (const page of revision.pages) {
    const siblings = children.get(page.parent);
    if (siblings) siblings.push(page);
    else children.set(page.parent, [page]);
  }
  for (const siblings of children.values()) siblings.sort(byRank);
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
  return { revision, tree, files: revision.files, children, paths, byPath };
}

/** How many revisions stay built in memory: the live and open ones of busy spaces. */
const CACHED = 256;

/**
 * Revisions by id, built into `RevisionContent` and kept (least recently used out): a revision never
 * changes, so a kept one is never stale. A purged space's revisions may stay kept; every read goes
 * through the space's scope first, which no longer finds it.
 */
@Injectable()
export class RevisionTrees {
  private readonly cache = new Map<string, RevisionContent>();

  constructor(private readonly revisions: RevisionsReadModel) {}

  /** The space's revision, or 404 naming it. */
  async content(spaceId: string, revisionId: string): Promise<RevisionContent> {
    const kept = this.cache.get(revisionId);
    if (kept && kept.revision.spaceId === spaceId) {
      this.cache.delete(revisionId);
      this.cache.set(revisionId, kept);
      return kept;
    }
    const doc = await this.revisions.revision(spaceId, revisionId);
    if (!doc) throw notFound(`revision not found: ${revisionId}`);
    const content = contentOf(doc);
    this.cache.set(revisionId, content);
    if (this.cache.size > CACHED) this.cache.delete(this.cache.keys().next().value!);
    return content;
  }

  /** Page bodies by hash. */
  bodies(hashes: Iterable<string>): Promise<Map<string, string>> {
    return this.revisions.bodies(hashes);
  }
}
