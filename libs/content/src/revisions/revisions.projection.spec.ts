import { sha256 } from '@docs/kernel';
import { occurred, projectionSpecPerTest } from '@docs/platform/testing';
import { ChangeRequestEvent } from '../change-requests/change-request.events';
import { firstPageId } from '../page-tree/page-tree.domain';
import { page } from '../testing/page-tree-fixtures.domain';
import { spaceCreated } from '../testing/space-fixtures.domain';
import { SpaceEvent } from '../spaces/space.events';
import { revisionsProjection } from './revisions.projection';
import { PAGE_BODIES, REVISIONS, TREE_CHUNKS } from './revisions.read-model';
import { BUCKETS, bucketOf } from './tree-chunks';

const T1 = '2026-01-01T00:00:00.000Z';
const ids = { spaceId: 's1', organizationId: 'o1' };
const created = (revisionId: string, options: { empty?: true; spaceId?: string } = {}) => spaceCreated({ revisionId, ...options });
/** The pages of a revision, from its chunks, as `id:title`. */
async function pagesOf(spec: ReturnType<typeof projectionSpecPerTest>, revisionId: string): Promise<string[]> {
  const revision = await spec.readModels.get(REVISIONS, revisionId);
  const hashes = (revision?.chunks ?? []).filter((h): h is string => h !== null);
  const chunks = await spec.readModels.getMany(TREE_CHUNKS, hashes);
  return chunks.flatMap((c) => c.pages.map((p) => `${p.id}:${p.title}`)).sort();
}

describe('revisions projection', () => {
  const spec = projectionSpecPerTest(revisionsProjection);

  it('starts a space with one empty page, or none when created empty', async () => {
    await spec.given(occurred(T1, created('r0'), created('e0', { empty: true, spaceId: 's2' })));
    expect(await spec.readModels.get(REVISIONS, 'r0')).toMatchObject({
      spaceId: 's1',
      parents: [],
      type: 'edits',
      changeRequestId: null,
      files: [],
      createdAt: T1,
    });
    expect(await pagesOf(spec, 'r0')).toEqual([`${firstPageId('r0')}:Untitled`]);
    expect(await pagesOf(spec, 'e0')).toEqual([]);
  });

  it('makes each revision from its parent and its changes, storing each body once under its hash', async () => {
    const cr = { changeRequestId: 'c1', ...ids };
    const file = { id: 'f1', name: 'a.txt', contentType: 'text/plain', size: 1, hash: sha256('a') };
    const events: (SpaceEvent | ChangeRequestEvent)[] = [
      created('r0', { empty: true }),
      {
        type: 'ChangeRequestContentEdited',
        data: {
          ...cr,
          revisionId: 'r1',
          parentRevisionId: 'r0',
          changes: [
            { op: 'insert', page: page('a', { bodyHash: sha256('A') }), markdown: 'A' },
            { op: 'insert', page: page('b', { rank: 'a1', bodyHash: sha256('A') }), markdown: 'A' },
          ],
          files: [file],
        },
      },
      {
        type: 'ChangeRequestContentEdited',
        data: {
          ...cr,
          revisionId: 'r2',
          parentRevisionId: 'r1',
          changes: [
            { op: 'update', pageId: 'a', fields: { title: 'Alpha' }, markdown: 'A2' },
            { op: 'delete', pageId: 'b' },
          ],
        },
      },
      {
        type: 'LiveContentChanged',
        data: {
          ...ids,
          revisionId: 'r3',
          parents: ['r0', 'r2'],
          changes: [{ op: 'insert', page: page('a', { title: 'Alpha', bodyHash: sha256('A2') }), markdown: 'A2' }],
          files: [file],
          changeRequestId: 'c1',
        },
      },
      { type: 'ChangeRequestUpdatedFromMain', data: { ...cr, revisionId: 'r4', parents: ['r2', 'r3'], changes: [] } },
    ];
    await spec.given(occurred(T1, ...events));
    expect(await pagesOf(spec, 'r1')).toEqual(['a:a', 'b:b']);
    expect(await pagesOf(spec, 'r2')).toEqual(['a:Alpha']);
    expect((await spec.readModels.get(REVISIONS, 'r2'))!.files).toEqual([file]);
    expect(await spec.readModels.get(REVISIONS, 'r3')).toMatchObject({
      type: 'merge',
      parents: ['r0', 'r2'],
      changeRequestId: 'c1',
      files: [file],
    });
    expect(await spec.readModels.get(REVISIONS, 'r4')).toMatchObject({ type: 'update', parents: ['r2', 'r3'], changeRequestId: 'c1' });
    expect(await pagesOf(spec, 'r4')).toEqual(['a:Alpha']);
    expect(await spec.readModels.get(PAGE_BODIES, sha256('A'))).toEqual({ id: sha256('A'), markdown: 'A' });
    expect(await spec.readModels.get(PAGE_BODIES, sha256('A2'))).toEqual({ id: sha256('A2'), markdown: 'A2' });
  });

  it('writes one chunk for a one-page edit in a large tree, sharing the others with the parent', async () => {
    const cr = { changeRequestId: 'c1', ...ids };
    const many = Array.from({ length: 300 }, (_, i) => page(`p${i}`, { rank: `a${i}` }));
    await spec.given(
      occurred(T1, created('r0', { empty: true }), {
        type: 'ChangeRequestContentEdited',
        data: {
          ...cr,
          revisionId: 'r1',
          parentRevisionId: 'r0',
          changes: many.map((p) => ({ op: 'insert' as const, page: p, markdown: '' })),
        },
      } as ChangeRequestEvent),
    );
    await spec.given(
      occurred(T1, {
        type: 'ChangeRequestContentEdited',
        data: { ...cr, revisionId: 'r2', parentRevisionId: 'r1', changes: [{ op: 'update', pageId: 'p7', fields: { title: 'Seven' } }] },
      } as ChangeRequestEvent),
    );
    const [r1, r2] = [await spec.readModels.get(REVISIONS, 'r1'), await spec.readModels.get(REVISIONS, 'r2')];
    expect(r1!.chunks).toHaveLength(BUCKETS);
    const differing = r1!.chunks.map((h, bucket) => (h === r2!.chunks[bucket] ? null : bucket)).filter((b) => b !== null);
    expect(differing).toEqual([bucketOf('p7')]);
    expect(await pagesOf(spec, 'r2')).toContain('p7:Seven');
    expect(await pagesOf(spec, 'r2')).toHaveLength(300);
    // A delete of a subtree rebuilds from the whole tree.
    await spec.given(
      occurred(T1, {
        type: 'ChangeRequestContentEdited',
        data: {
          ...cr,
          revisionId: 'r3',
          parentRevisionId: 'r2',
          changes: [
            { op: 'update', pageId: 'p9', fields: { parent: 'p8' } },
            { op: 'delete', pageId: 'p8' },
          ],
        },
      } as ChangeRequestEvent),
    );
    expect(await pagesOf(spec, 'r3')).toHaveLength(298);
  });

  it("drops a purged space's revisions, and only its own", async () => {
    await spec.given(occurred(T1, created('r0'), created('x0', { spaceId: 's2' })));
    await spec.given(occurred(T1, { type: 'SpacePurged', data: ids } as SpaceEvent));
    expect(await spec.readModels.get(REVISIONS, 'r0')).toBeNull();
    expect(await spec.readModels.get(REVISIONS, 'x0')).not.toBeNull();
  });
});
