import { sha256 } from '@docs/kernel';
import { PageNode } from '../page-tree/page-tree.domain';

/**
 * A revision's page tree is stored in content-addressed chunks: each page falls in one of `BUCKETS`
 * buckets by a hash of its id, a bucket's pages (sorted by id) are one chunk document addressed by
 * the SHA-256 of their JSON, and a revision lists its chunks' hashes. An edit to one page writes one
 * small chunk and the revision's list, and the other chunks are shared with the parent revision (and
 * kept in memory once read, since a chunk never changes).
 */
export const BUCKETS = 64;

/** FNV-1a of the id, modulo BUCKETS: cheap, stable, and spreads ids evenly. */
export function bucketOf(pageId: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < pageId.length; i++) hash = Math.imul(hash ^ pageId.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % BUCKETS;
}

/** A chunk's pages in their canonical order (by id) and its address. */
export function chunkOf(pages: Iterable<PageNode>): { hash: string; pages: PageNode[] } {
  const sorted = [...pages].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { hash: sha256(JSON.stringify(sorted)), pages: sorted };
}

/** Pages grouped by bucket. */
export function byBucket(pages: Iterable<PageNode>): Map<number, PageNode[]> {
  const buckets = new Map<number, PageNode[]>();
  for (const page of pages) {
    const bucket = bucketOf(page.id);
    const list = buckets.get(bucket);
    if (list) list.push(page);
    else buckets.set(bucket, [page]);
  }
  return buckets;
}
