import { sha256 } from '@docs/kernel';
import { AppConfig, WorkError, WorkPool } from '@docs/platform';
import { BodiesToAnswer } from '../documents/page-bodies.domain';
import { pageBodyTexts } from '../documents/page-bodies.task';
import { ContentView } from '../revisions/read-content';
import { RevisionDoc } from '../revisions/revisions.read-model';
import { contentOf, RevisionTrees } from '../revisions/revision-trees';
import { page } from '../testing/page-tree-fixtures.domain';
import { PageBodies } from './page-bodies';

/** A work pool that runs the task in-process, and fails as a task past its budget would on a hostile body. */
class FakePool {
  runs: string[][] = [];
  async run<T>(_module: string, _task: string, input: BodiesToAnswer): Promise<T> {
    this.runs.push(input.pages.map((page) => page.pageId));
    if (input.pages.some((page) => page.markdown.startsWith('HOSTILE')))
      throw new WorkError('timeout', 'the task ran past its budget of 30000 ms');
    return pageBodyTexts(input) as T;
  }
}

describe('PageBodies', () => {
  const view = (texts: string[]) => {
    const pages = texts.map((text, i) => page(`p${i}`, { rank: `a${i}`, bodyHash: sha256(text) }));
    const revision = { id: 'r1', spaceId: 's1', organizationId: 'o1', parents: [], files: [], chunks: [] } as unknown as RevisionDoc;
    const content = contentOf(revision, pages);
    return { pages, view: { space: { id: 's1', organizationId: 'o1' }, location: { at: 'live' }, content } as unknown as ContentView };
  };
  const setup = (texts: string[]) => {
    const reads: string[][] = [];
    const trees = {
      bodies: async (hashes: Iterable<string>) => {
        reads.push([...hashes]);
        return new Map(texts.map((text) => [sha256(text), text] as const));
      },
    } as unknown as RevisionTrees;
    const pool = new FakePool();
    const bodies = new PageBodies(trees, pool as unknown as WorkPool, { appUrl: 'http://app.test' } as AppConfig);
    return { reads, pool, bodies, ...view(texts) };
  };

  it('reads every body of an answer in one read, and answers markdown as stored', async () => {
    const texts = ['# One\n', 'Two [link](./p0.md)\n', 'Three\n'];
    const { reads, pool, bodies, pages, view: content } = setup(texts);
    const answered = await bodies.of(content, pages, 'markdown');
    expect(reads).toHaveLength(1);
    expect(pool.runs).toEqual([]);
    expect([...answered.values()]).toEqual(texts.map((markdown) => ({ markdown })));
  });

  it('converts a few KiB on the event loop, more in work threads a MiB at a time', async () => {
    const small = setup(['Two [link](./p0.md)\n', 'x']);
    const stable = await small.bodies.of(small.view, small.pages, 'stable-markdown');
    expect(small.pool.runs).toEqual([]);
    expect(stable.get('p0')).toEqual({ markdown: 'Two [link](/pages/p0)\n' });

    const large = setup(['a'.repeat(700 * 1024), 'b'.repeat(700 * 1024), 'c'.repeat(10 * 1024)]);
    const documents = await large.bodies.of(large.view, large.pages, 'document');
    expect(large.reads).toHaveLength(1);
    expect(large.pool.runs).toEqual([['p0'], ['p1', 'p2']]);
    const document = documents.get('p2') as { document: { json: string } };
    expect(JSON.parse(document.document.json)).toMatchObject({ object: 'document', nodes: [{ type: 'paragraph' }] });
  });

  it('answers 422 (a timeout WorkError) naming the pages whose markdown could not be converted in time', async () => {
    const { bodies, pages, view: content } = setup(['ok', `HOSTILE ${'x'.repeat(8 * 1024)}`]);
    const failure = await bodies.of(content, pages, 'document').catch((error: unknown) => error as WorkError);
    expect(failure).toBeInstanceOf(WorkError);
    expect((failure as WorkError).kind).toBe('timeout');
    expect((failure as WorkError).message).toMatch(/^the markdown of page p0, p1 could not be converted \(the task ran past its budget/);
  });
});
