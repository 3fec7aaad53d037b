import fc from 'fast-check';
import { PageNode } from '../page-tree/page-tree.domain';
import { page } from '../testing/page-tree-fixtures.domain';
import { BUCKETS, byBucket, chunkOf } from '../revisions/tree-chunks';
import { differingChunks } from './chunk-diff';
import { changedPageIds, DiffSide, semanticChanges } from './semantic-changes.domain';

/** The chunk list of a tree, and the pages of each chunk by hash, as the revisions projection stores them. */
function chunked(pages: PageNode[], store: Map<string, PageNode[]>): (string | null)[] {
  const buckets = byBucket(pages);
  return Array.from({ length: BUCKETS }, (_, bucket) => {
    const list = buckets.get(bucket);
    if (!list) return null;
    const chunk = chunkOf(list);
    store.set(chunk.hash, chunk.pages);
    return chunk.hash;
  });
}

const side = (pages: PageNode[]): DiffSide => ({
  tree: new Map(pages.map((p) => [p.id, p])),
  paths: new Map(pages.map((p) => [p.id, p.slug])),
  files: [],
});

describe('differingChunks', () => {
  it('names the chunks of both sides where the lists differ, and no others', () => {
    expect(differingChunks(['x', null, 'y', 'z'], ['x', 'w', null, 'z'])).toEqual([
      { before: null, after: 'w' },
      { before: 'y', after: null },
    ]);
    expect(differingChunks([], [null, 'a'])).toEqual([{ before: null, after: 'a' }]);
  });

  it('finds every change the whole trees have: the pages that differ in the differing chunks are enough (property)', () => {
    const ids = fc.uniqueArray(fc.stringMatching(/^[a-z0-9]{1,8}$/), { minLength: 0, maxLength: 80 });
    const variant = fc.constantFrom('same', 'title', 'body', 'moved', 'gone');
    fc.assert(
      fc.property(
        ids,
        fc.array(variant, { minLength: 80, maxLength: 80 }),
        fc.uniqueArray(fc.stringMatching(/^[a-z]{1,8}$/), { maxLength: 10 }),
        (names, variants, added) => {
          const before = names.map((id) => page(id));
          const after = before.flatMap((p, i): PageNode[] => {
            switch (variants[i]) {
              case 'title':
                return [{ ...p, title: `${p.title}!` }];
              case 'body':
                return [{ ...p, bodyHash: `${p.bodyHash}0` }];
              case 'moved':
                return [{ ...p, rank: 'b0' }];
              case 'gone':
                return [];
              default:
                return [p];
            }
          });
          for (const id of added) if (!names.includes(id)) after.push(page(`new-${id}`));
          const store = new Map<string, PageNode[]>();
          const pagesOf = (hash: string | null) => (hash === null ? [] : store.get(hash)!);
          const pairs = differingChunks(chunked(before, store), chunked(after, store));
          const candidates = pairs.flatMap((pair) => changedPageIds(pagesOf(pair.before), pagesOf(pair.after)));
          expect(semanticChanges(side(before), side(after), candidates)).toEqual(semanticChanges(side(before), side(after)));
        },
      ),
    );
  });
});
