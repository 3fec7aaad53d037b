import { sha256 } from '@docs/kernel';
import { occurred, projectionSpecPerTest } from '@docs/platform/testing';
import { firstPageId, PageNode } from '../domain/page-tree';
import { SpaceEvent } from '../domain/space';
import { searchProjection } from './search.projection';
import { SEARCH_PAGES, SEARCH_SECTIONS, SEARCH_SPACES, sectionId } from './search.read-model';
import fc from 'fast-check';
import { sectionsOf, UniqueAnchors } from './search.sections';

const T1 = '2026-01-01T00:00:00.000Z';
const ids = { spaceId: 's1', organizationId: 'o1' };
const created: SpaceEvent = {
  type: 'SpaceCreated',
  data: { ...ids, title: 'S', emoji: '', editMode: 'live', defaultLevel: null, parent: null, rank: 'a0', revisionId: 'r0' },
};
const page = (id: string, fields: Partial<PageNode> = {}): PageNode => ({
  id, title: id, emoji: '', description: '', slug: id, parent: null, rank: 'a0', bodyHash: sha256(''), ...fields,
});
const live = (revisionId: string, changes: unknown[]): SpaceEvent =>
  ({ type: 'LiveContentChanged', data: { ...ids, revisionId, parents: ['r0'], changes } }) as SpaceEvent;

describe('sectionsOf', () => {
  it('cuts markdown at every heading, the text before the first one titled with the page title, markup stripped', () => {
    expect(sectionsOf('Guide', 'Intro **bold** and `code`.\n\n# Setup\n\n- one\n- [two](http://x)\n\n```sh\nnpm i\n```\n\n## Setup\n\n![alt text](a.png) | not a table')).toEqual([
      { anchor: '', title: 'Guide', body: 'Intro bold and code.' },
      { anchor: 'setup', title: 'Setup', body: 'one\ntwo\nnpm i' },
      { anchor: 'setup-2', title: 'Setup', body: 'alt text | not a table' },
    ]);
    expect(sectionsOf('Empty', '')).toEqual([{ anchor: '', title: 'Empty', body: '' }]);
    expect(sectionsOf('T', '<div>raw</div>\n\n## Ünïcode Ça va?')).toEqual([
      { anchor: '', title: 'T', body: '<div>raw</div>' },
      { anchor: 'unicode-ca-va', title: 'Ünïcode Ça va?', body: '' },
    ]);
  });
});

describe('UniqueAnchors', () => {
  /** The definition: the base if free, else the first free `base-n` from n = 2 (the former quadratic loop). */
  const reference = (bases: string[]) => {
    const taken = new Set<string>(['']);
    return bases.map((base) => {
      let anchor = base;
      for (let n = 2; taken.has(anchor); n++) anchor = `${base}-${n}`;
      taken.add(anchor);
      return anchor;
    });
  };
  const take = (bases: string[]) => {
    const anchors = new UniqueAnchors();
    return bases.map((base) => anchors.take(base));
  };

  it('suffixes repeats, skipping anchors headings took literally', () => {
    expect(take(['h', 'h-2', 'h', 'h'])).toEqual(['h', 'h-2', 'h-3', 'h-4']);
    expect(take(['h', 'h', 'h-2'])).toEqual(['h', 'h-2', 'h-2-2']);
    expect(take(['h-3', 'h', 'h', 'h', 'h'])).toEqual(['h-3', 'h', 'h-2', 'h-4', 'h-5']);
  });

  it('gives the definition\'s anchors for any sequence of headings', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('h', 'h-2', 'h-3', 'h-2-2', 'a', 'a-1', 'section', 'section-2'), { maxLength: 60 }), (bases) => {
        expect(take(bases)).toEqual(reference(bases));
      }),
    );
  });

  it('takes 100,000 identical anchors in linear time', () => {
    const started = performance.now();
    const anchors = take(Array.from({ length: 100_000 }, () => 'h'));
    expect(anchors[99_999]).toBe('h-100000');
    expect(new Set(anchors).size).toBe(100_000);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe('search projection', () => {
  const spec = projectionSpecPerTest(searchProjection);

  it('indexes the first empty page, inserted pages by section, renames, new bodies, moves and subtree deletes', async () => {
    const first = firstPageId('r0');
    await spec.given(occurred(T1, created));
    expect(await spec.readModels.get(SEARCH_SECTIONS, sectionId(first, 0))).toMatchObject({ title: 'Untitled', body: '' });
    await spec.given(
      occurred(
        T1,
        live('r1', [
          { op: 'insert', page: page('a', { title: 'Alpha' }), markdown: 'intro\n\n## One\n\nfirst\n\n## Two\n\nsecond' },
          { op: 'insert', page: page('b', { title: 'Beta', parent: 'a' }), markdown: 'child' },
          { op: 'insert', page: page('c', { title: 'Gamma', parent: 'b' }), markdown: 'grandchild' },
        ]),
        live('r2', [
          { op: 'update', pageId: 'a', fields: { title: 'Alpha 2' } },
          { op: 'update', pageId: 'b', fields: { parent: null }, markdown: '# Only' },
        ]),
      ),
    );
    expect(await spec.readModels.get(SEARCH_SECTIONS, sectionId('a', 0))).toMatchObject({ title: 'Alpha 2', body: 'intro' });
    expect(await spec.readModels.get(SEARCH_SECTIONS, sectionId('a', 2))).toMatchObject({ title: 'Two', body: 'second', anchor: 'two' });
    expect(await spec.readModels.get(SEARCH_SECTIONS, sectionId('b', 1))).toMatchObject({ title: 'Only' });
    expect(await spec.readModels.get(SEARCH_PAGES, 'a')).toMatchObject({ children: [], sections: 3, title: 'Alpha 2' });
    expect([...((await spec.readModels.get(SEARCH_SPACES, 's1'))?.roots ?? [])].sort()).toEqual([first, 'a', 'b'].sort());
    await spec.given(occurred(T1, live('r3', [{ op: 'delete', pageId: 'b' }])));
    for (const id of [sectionId('b', 0), sectionId('b', 1), sectionId('c', 0)]) expect(await spec.readModels.get(SEARCH_SECTIONS, id)).toBeNull();
    expect(await spec.readModels.get(SEARCH_PAGES, 'c')).toBeNull();
    expect([...((await spec.readModels.get(SEARCH_SPACES, 's1'))?.roots ?? [])].sort()).toEqual([first, 'a'].sort());
    const found = await spec.readModels.search(SEARCH_SECTIONS, { text: 'second', limit: 10 });
    expect(found.items.map((g) => g.key)).toEqual([sectionId('a', 2)]);
    await spec.given(occurred(T1, { type: 'SpacePurged', data: ids } as SpaceEvent));
    expect(await spec.readModels.get(SEARCH_SECTIONS, sectionId('a', 0))).toBeNull();
    expect(await spec.readModels.get(SEARCH_SPACES, 's1')).toBeNull();
    expect((await spec.readModels.search(SEARCH_SECTIONS, { text: 'second intro', limit: 10 })).count).toBe(0);
  });
});
