import { occurred, projectionSpecPerTest } from '@docs/platform/testing';
import { firstPageId } from '../page-tree/page-tree.domain';
import { page } from '../testing/page-tree-fixtures.domain';
import { spaceCreated } from '../testing/space-fixtures.domain';
import { SpaceEvent } from '../spaces/space.events';
import { searchProjection } from './search.projection';
import { SEARCH_PAGES, SEARCH_SECTIONS, SEARCH_SPACES, sectionId } from './search.read-model';
import fc from 'fast-check';
import { MAX_INDEXED_CHARS_PER_PAGE, MAX_PAGE_MARKDOWN_BYTES, MAX_SECTIONS_PER_PAGE } from '../page-tree/page-limits.domain';
import { sectionsOf, UniqueAnchors } from './search.sections';
import { withCpuTime } from '@docs/kernel/testing';

const T1 = '2026-01-01T00:00:00.000Z';
const ids = { spaceId: 's1', organizationId: 'o1' };
const created = spaceCreated();
const live = (revisionId: string, changes: unknown[]): SpaceEvent =>
  ({ type: 'LiveContentChanged', data: { ...ids, revisionId, parents: ['r0'], changes } }) as SpaceEvent;

describe('sectionsOf', () => {
  it('cuts markdown at every heading, the text before the first one titled with the page title, markup stripped', () => {
    expect(
      sectionsOf(
        'Guide',
        'Intro **bold** and `code`.\n\n# Setup\n\n- one\n- [two](http://x)\n\n```sh\nnpm i\n```\n\n## ' +
          'Setup\n\n![alt text](a.png) | not a table',
      ),
    ).toEqual([
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

describe('sectionsOf, block by block', () => {
  const bodies = (markdown: string) => sectionsOf('T', markdown).map((s) => [s.anchor, s.title, s.body]);

  it('reads setext headings, quotes, nested lists, tables, fences of both kinds and reference links', () => {
    expect(bodies('Intro\nmore\n\nFirst\n=====\n> quoted **text**\n> > deeper\n\nSecond\n---\n1. one\n   - two_words\n\n---\n')).toEqual([
      ['', 'T', 'Intro\nmore'],
      ['first', 'First', 'quoted text\ndeeper'],
      ['second', 'Second', 'one\ntwo_words'],
    ]);
    expect(bodies('| Name | Role |\n| :--- | ---: |\n| `ann` | *admin* |\n\n~~~\n# not a heading\n~~~\n````\n```\n````')).toEqual([
      ['', 'T', 'Name\nRole\nann\nadmin\n# not a heading\n```'],
    ]);
    expect(
      bodies(
        'See [the guide][guide], [undefined][x] and <https://example.com>.\n\n[guide]: ' +
          'https://example.com/guide "Guide"\n[^note]: a footnote is text',
      ),
    ).toEqual([['', 'T', 'See the guide, undefinedx and https://example.com.\n^note: a footnote is text']]);
    expect(bodies('# Title ##\n## \\# escaped &amp; &copy; &#x41; &bogus;\n#hashtag\n    # indented code')).toEqual([
      ['', 'T', ''],
      ['title', 'Title', ''],
      ['escaped-a-bogus', '# escaped & © A &bogus;', '#hashtag\n# indented code'],
    ]);
  });

  it('makes at most MAX_SECTIONS_PER_PAGE sections, later headings staying text of the last', () => {
    const sections = sectionsOf('T', '# h\n'.repeat(MAX_SECTIONS_PER_PAGE + 5));
    expect(sections).toHaveLength(MAX_SECTIONS_PER_PAGE);
    expect(sections[1]!.anchor).toBe('h');
    expect(sections[MAX_SECTIONS_PER_PAGE - 1]).toEqual({ anchor: `h-${MAX_SECTIONS_PER_PAGE - 1}`, title: 'h', body: 'h\nh\nh\nh\nh\nh' });
  });

  it('reads the bomb of issue #23, 100,000 identical headings, in linear time', () => {
    const cpu = process.cpuUsage();
    const sections = sectionsOf('T', '# h\n'.repeat(100_000));
    const { user, system } = process.cpuUsage(cpu);
    expect(sections).toHaveLength(MAX_SECTIONS_PER_PAGE);
    expect(sections[MAX_SECTIONS_PER_PAGE - 1]!.body.split('\n')).toHaveLength(100_000 - MAX_SECTIONS_PER_PAGE + 1);
    // About 50 ms of CPU on a quiet machine; the quadratic anchors took minutes.
    expect((user + system) / 1000).toBeLessThan(2_000);
  });

  it('reads a page past the markdown cap (from before the cap) only up to it', () => {
    expect(sectionsOf('T', `${'a '.repeat(MAX_PAGE_MARKDOWN_BYTES / 2)}\n# Beyond`)).toHaveLength(1);
  });

  it('indexes at most MAX_INDEXED_CHARS_PER_PAGE of text, marking where it stops; later sections keep their titles', () => {
    const sections = sectionsOf('T', `# One\n${'word '.repeat(MAX_INDEXED_CHARS_PER_PAGE / 5 + 100)}\n# Two\nmore text`);
    expect(sections.map((s) => s.title)).toEqual(['T', 'One', 'Two']);
    expect(sections[1]!.body.endsWith('word …')).toBe(true);
    expect(sections[1]!.body.length).toBeLessThanOrEqual(MAX_INDEXED_CHARS_PER_PAGE + 2);
    expect(sections[2]!.body).toBe('');
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

  it("gives the definition's anchors for any sequence of headings", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('h', 'h-2', 'h-3', 'h-2-2', 'a', 'a-1', 'section', 'section-2'), { maxLength: 60 }), (bases) => {
        expect(take(bases)).toEqual(reference(bases));
      }),
    );
  });

  it('takes 100,000 identical anchors in linear time', () => {
    const { result: anchors, cpuMs } = withCpuTime(() => take(Array.from({ length: 100_000 }, () => 'h')));
    expect(anchors[99_999]).toBe('h-100000');
    expect(new Set(anchors).size).toBe(100_000);
    expect(cpuMs).toBeLessThan(1_000);
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
    for (const id of [sectionId('b', 0), sectionId('b', 1), sectionId('c', 0)])
      expect(await spec.readModels.get(SEARCH_SECTIONS, id)).toBeNull();
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
