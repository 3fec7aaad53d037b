import { sha256 } from '@docs/kernel';
import { WorkPool } from '@docs/platform';
import { mergeMarkdown } from './line-merge.domain';
import { lineMergeKey } from './merge.domain';
import { lineMergesOffLoop } from './body-merges';
import { bodies, page as topPage, tree, withBody } from '../testing/page-tree-fixtures.domain';

/** A page ranked by its id, with the body. */
const page = (id: string, markdown: string) => withBody(topPage(id, { rank: `a${id}` }), markdown);

describe('lineMergesOffLoop', () => {
  const work = new WorkPool({ threads: 1, maxQueued: 4, maxPerKey: 4, memoryMb: 256 });
  afterAll(() => work.close());

  /** A page of `lines` lines, its bodies on the three sides: line 1 changed live, the last line in the change request, or both. */
  function sides(id: string, lines: number, clash = false) {
    const base = Array.from({ length: lines }, (_, i) => `${id} line ${i}`);
    const ours = [`${id} live`, ...base.slice(1)];
    const theirs = [...(clash ? [`${id} theirs`] : base.slice(0, 1)), ...base.slice(1, -1), `${id} change request`];
    return [base, ours, theirs].map((text) => text.join('\n')) as [string, string, string];
  }

  it('leaves small bodies to mergeTrees, on the event loop', async () => {
    const [base, ours, theirs] = sides('a', 10);
    await expect(
      lineMergesOffLoop(work, tree(page('a', base)), tree(page('a', ours)), tree(page('a', theirs)), bodies(base, ours, theirs), 'org'),
    ).resolves.toEqual(new Map());
  });

  it('merges large bodies in a work thread, conflicts as null', async () => {
    const pages = ['a', 'b', 'c'].map((id, i) => ({ id, texts: sides(id, 40_000 + i, id === 'c') }));
    const on = (side: number) => tree(...pages.map(({ id, texts }) => page(id, texts[side]!)));
    const merges = await lineMergesOffLoop(work, on(0), on(1), on(2), bodies(...pages.flatMap(({ texts }) => texts)), 'org');
    expect(merges.size).toBe(3);
    for (const { texts } of pages) {
      const merged = merges.get(lineMergeKey(...(texts.map((text) => sha256(text)) as [string, string, string])));
      expect(merged).toBe(mergeMarkdown(...texts));
    }
    expect(merges.get(lineMergeKey(...(pages[2]!.texts.map((text) => sha256(text)) as [string, string, string])))).toBeNull();
    expect(merges.get(lineMergeKey(...(pages[0]!.texts.map((text) => sha256(text)) as [string, string, string])))).toMatch(
      /^a live\n[\s\S]*\na change request$/,
    );
  });
});
