import { sha256 } from '@docs/kernel';
import { AppConfig, WorkError, WorkPool } from '@docs/platform';
import { extractLinks } from './links.domain';
import { PageNode } from '../page-tree/page-tree.domain';
import { RevisionDoc } from '../revisions/revisions.read-model';
import { RevisionLinks } from './revision-links';
import { contentOf, RevisionTrees } from '../revisions/revision-trees';

/** Bodies of 10 KiB (past what is read on the event loop), one of them too slow to read within the budget. */
const body = (name: string) => `[${name}](https://example.com/${name})\n${'text '.repeat(2048)}`;
const HOSTILE = `HOSTILE ${body('hostile')}`;

/** A work pool that runs the task in-process, and fails as a task past its budget would on the hostile body. */
class FakePool {
  runs: string[][] = [];
  async run<T>(_module: string, _task: string, input: string[]): Promise<T> {
    this.runs.push(input.map((text) => text.slice(0, 12)));
    if (input.some((text) => text.startsWith('HOSTILE'))) throw new WorkError('timeout', 'the task ran past its budget of 30000 ms');
    return input.map((text) => extractLinks(text)) as T;
  }
}

describe('RevisionLinks', () => {
  const texts = [body('a'), HOSTILE, body('c')];
  const pages: PageNode[] = texts.map((text, i) => ({
    id: `p${i}`,
    title: `P${i}`,
    emoji: '',
    description: '',
    slug: `p${i}`,
    parent: null,
    rank: `a${i}`,
    bodyHash: sha256(text),
  }));
  const revision = {
    id: 'r1',
    spaceId: 's1',
    organizationId: 'o1',
    parents: [],
    type: 'edits',
    changeRequestId: null,
    createdAt: '',
    createdBy: 'u',
    chunks: [],
    files: [],
  } as RevisionDoc;
  const trees = {
    bodies: async (hashes: Iterable<string>) => {
      const wanted = new Set(hashes);
      return new Map(texts.filter((text) => wanted.has(sha256(text))).map((text) => [sha256(text), text] as const));
    },
  } as unknown as RevisionTrees;

  it('answers 422 naming the page whose markdown could not be read in time, and does not read it again', async () => {
    const pool = new FakePool();
    const links = new RevisionLinks(trees, pool as unknown as WorkPool, { appUrl: 'http://app.test' } as AppConfig);
    const failure = await links.of(contentOf(revision, pages)).catch((error: unknown) => error as WorkError);
    expect(failure).toBeInstanceOf(WorkError);
    expect((failure as WorkError).kind).toBe('timeout');
    expect((failure as WorkError).message).toMatch(
      /^the links of page p1 could not be read \(the task ran past its budget of 30000 ms\); simplify its markdown$/,
    );
    // One task for the three bodies, then one per body to find the one that does not fit.
    expect(pool.runs).toHaveLength(4);
    const again = await links.of(contentOf({ ...revision, id: 'r2' }, pages)).catch((error: unknown) => error as WorkError);
    expect((again as WorkError).message).toContain('page p1');
    expect(pool.runs).toHaveLength(4);
    // Without the hostile page, the others' links were kept: nothing is read again.
    const rest = await links.of(contentOf({ ...revision, id: 'r3' }, [pages[0]!, pages[2]!]));
    expect(rest.all.map((entry) => entry.target)).toEqual([
      { kind: 'url', url: 'https://example.com/a' },
      { kind: 'url', url: 'https://example.com/c' },
    ]);
    expect(pool.runs).toHaveLength(4);
  });
});
