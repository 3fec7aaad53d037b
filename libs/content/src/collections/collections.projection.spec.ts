import { occurred, projectionSpecPerTest } from '@docs/platform/testing';
import { CollectionEvent } from './collection.events';
import { collectionsProjection } from './collections.projection';
import { COLLECTIONS, CollectionsReadModel } from './collections.read-model';

const T1 = '2024-01-01T00:00:00.000Z';
const T2 = '2024-01-02T00:00:00.000Z';
const T3 = '2024-01-03T00:00:00.000Z';
const org = 'o1';

const created = (collectionId: string, rank: string, parent: string | null = null, title = collectionId): CollectionEvent => ({
  type: 'CollectionCreated',
  data: { organizationId: org, collectionId, title, description: '', defaultLevel: null, parent, rank },
});
const moved = (collectionId: string, parent: string | null, rank: string): CollectionEvent => ({
  type: 'CollectionMoved',
  data: { organizationId: org, collectionId, parent, rank },
});

describe('collections projection', () => {
  const spec = projectionSpecPerTest(collectionsProjection);
  const read = () => new CollectionsReadModel(spec.readModels);
  const tree = async () => (await read().collections(org, true, { limit: 100 })).items.map((c) => c.id);
  const topLevel = async () => (await read().collections(org, false, { limit: 100 })).items.map((c) => c.id);

  it('keeps a collection with its settings, place in the tree and times', async () => {
    await spec.given([...occurred(T1, created('c1', 'a0'), created('c2', 'a0', 'c1'))]);
    expect(await spec.readModels.get(COLLECTIONS, 'c1')).toEqual({
      id: 'c1',
      organizationId: org,
      parent: null,
      rank: 'a0',
      treeRank: 'a0',
      title: 'c1',
      description: '',
      defaultLevel: null,
      createdAt: T1,
      updatedAt: T1,
    });
    expect(await spec.readModels.get(COLLECTIONS, 'c2')).toMatchObject({ parent: 'c1', rank: 'a0', treeRank: 'a0 a0' });
    expect(await read().subCollectionCount(org, 'c1')).toBe(1);
    expect(await read().ancestors('c2')).toEqual(['c1']);
  });

  it('applies changes, and forgets deleted collections', async () => {
    await spec.given([
      ...occurred(T1, created('c1', 'a0'), created('c2', 'a1')),
      ...occurred(T2, {
        type: 'CollectionUpdated',
        data: { organizationId: org, collectionId: 'c1', changes: { title: 'Guides', defaultLevel: 'read' } },
      }),
      ...occurred(T3, { type: 'CollectionDeleted', data: { organizationId: org, collectionId: 'c2' } }),
    ]);
    expect(await spec.readModels.get(COLLECTIONS, 'c1')).toMatchObject({
      title: 'Guides',
      description: '',
      defaultLevel: 'read',
      createdAt: T1,
      updatedAt: T2,
    });
    expect(await spec.readModels.get(COLLECTIONS, 'c2')).toBeNull();
    expect(await tree()).toEqual(['c1']);
  });

  it('lists the tree depth-first (each collection before its children, siblings by rank), and the top level by rank', async () => {
    await spec.given(
      occurred(
        T1,
        created('b', 'a1'),
        created('a', 'a0'),
        created('a2', 'a1', 'a'),
        created('a1', 'a0', 'a'),
        created('b1', 'a0', 'b'),
        created('a1x', 'a0', 'a1'),
        created('c', 'a0V'),
      ),
    );
    expect(await tree()).toEqual(['a', 'a1', 'a1x', 'a2', 'c', 'b', 'b1']);
    expect(await topLevel()).toEqual(['a', 'c', 'b']);
  });

  it('moves a collection with everything inside it', async () => {
    await spec.given([
      ...occurred(T1, created('a', 'a0'), created('a1', 'a0', 'a'), created('a1x', 'a0', 'a1'), created('b', 'a1')),
      ...occurred(T2, moved('a1', 'b', 'a0')),
    ]);
    expect(await spec.readModels.get(COLLECTIONS, 'a1')).toMatchObject({ parent: 'b', rank: 'a0', treeRank: 'a1 a0', updatedAt: T2 });
    expect(await spec.readModels.get(COLLECTIONS, 'a1x')).toMatchObject({ parent: 'a1', treeRank: 'a1 a0 a0', updatedAt: T1 });
    expect(await tree()).toEqual(['a', 'b', 'a1', 'a1x']);
    expect(await read().subCollectionCount(org, 'a')).toBe(0);
    expect(await read().subCollectionCount(org, 'b')).toBe(1);

    await spec.given(occurred(T3, moved('a1', null, 'Zz')));
    expect(await tree()).toEqual(['a1', 'a1x', 'a', 'b']);
    expect(await spec.readModels.get(COLLECTIONS, 'a1x')).toMatchObject({ treeRank: 'Zz a0' });
  });

  it('finds the neighbours of a place among siblings, leaving one out', async () => {
    await spec.given(occurred(T1, created('a', 'a0'), created('b', 'a1'), created('c', 'a2'), created('x', 'a0', 'a')));
    const r = read();
    expect((await r.lastChild(org, null, null))?.id).toBe('c');
    expect((await r.lastChild(org, null, 'c'))?.id).toBe('b');
    expect(await r.lastChild(org, 'b', null)).toBeNull();
    expect((await r.nextTo(org, null, 'after', 'a0', null))?.id).toBe('b');
    expect((await r.nextTo(org, null, 'after', 'a0', 'b'))?.id).toBe('c');
    expect((await r.nextTo(org, null, 'before', 'a2', null))?.id).toBe('b');
    expect(await r.nextTo(org, null, 'before', 'a0', null)).toBeNull();
  });

  it('ignores changes and moves of unknown collections', async () => {
    await spec.given(
      occurred(T1, moved('nope', null, 'a0'), {
        type: 'CollectionUpdated',
        data: { organizationId: org, collectionId: 'nope', changes: { title: 'X' } },
      }),
    );
    expect(await spec.readModels.get(COLLECTIONS, 'nope')).toBeNull();
  });
});
