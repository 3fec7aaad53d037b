import fc from 'fast-check';
import { ContentCast, contentCast, createSpace, spacePath } from '../support/content-world';
import { expectSemanticChanges } from '../support/semantic-changes';
import { TestApp } from '../support/test-app';

const crPath = (spaceId: string, cr: string) => `${spacePath(spaceId)}/change-requests/${cr}`;
const PAGES = 6;

/** What a generated edit does to one of the seeded pages. */
type PageOp = 'none' | 'body' | 'rename' | 'describe' | 'move' | 'delete';

/**
 * Property: whatever sequence of edits a change request gets (each seeded page touched at most
 * once, in random batches and order; new pages; a file), getChangeRequestChanges reports exactly
 * what was done: one change per page edited, renamed, re-described, moved, deleted or created, one
 * per file added, nothing for the pages left alone.
 */
describe('what a change request changes: the changes reported are what was done (property)', () => {
  let app: TestApp;
  let cast: ContentCast;
  let space: any;
  let pages: string[];

  beforeAll(async () => {
    app = await TestApp.shared();
    cast = await contentCast(app, 'cr-changes-property');
    space = await createSpace(app, cast.organizationId, { title: 'Property', empty: true });
    const seed = await app.post(`${spacePath(space.id)}/change-requests`, { subject: 'Seed' });
    const inserted = await app.post(`${crPath(space.id, seed.body.id)}/content?compat=false`, {
      changes: Array.from({ length: PAGES }, (_, i) => ({
        operation: 'insert_page',
        title: `Page ${i}`,
        document: { markdown: `Body ${i}\n` },
      })),
    });
    pages = inserted.body.changes.map((c: any) => c.page.id);
    expect((await app.post(`${crPath(space.id, seed.body.id)}/merge`)).status).toBe(200);
  });
  afterAll(() => app.stop());

  const scenario = fc.record({
    ops: fc.array(fc.constantFrom<PageOp>('none', 'body', 'rename', 'describe', 'move', 'delete'), { minLength: PAGES, maxLength: PAGES }),
    /** Where each moved page goes: an index among the pages kept as they are. */
    targets: fc.array(fc.nat(), { minLength: PAGES, maxLength: PAGES }),
    created: fc.nat({ max: 3 }),
    file: fc.boolean(),
    /** The edits are sent in batches of this size, in an order shuffled by this seed. */
    batch: fc.integer({ min: 1, max: 4 }),
    order: fc.array(fc.nat(), { minLength: PAGES + 4, maxLength: PAGES + 4 }),
  });

  it('reports one change per thing done, and nothing else', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(scenario, async ({ ops, targets, created, file, batch, order }) => {
        run++;
        const cr = (await app.post(`${spacePath(space.id)}/change-requests`, { subject: `Run ${run}` })).body;
        // A page moves under a page left alone (never under one that is deleted or moves itself).
        const steady = pages.filter((_, i) => ops[i] === 'none' || ops[i] === 'body' || ops[i] === 'describe');
        const changes: object[] = [];
        const expected: string[] = [];
        ops.forEach((op, i) => {
          const page = pages[i]!;
          switch (op) {
            case 'body':
              changes.push({ operation: 'update_page', page, document: { markdown: `Body ${i}, run ${run}\n` } });
              expected.push(`page_edited ${page} document`);
              break;
            case 'rename':
              changes.push({ operation: 'update_page', page, title: `Renamed ${i} ${run}`, slug: `renamed-${i}-${run}` });
              expected.push(`page_edited ${page} slug,title`);
              break;
            case 'describe':
              changes.push({ operation: 'update_page', page, description: `Run ${run}` });
              expected.push(`page_edited ${page} description`);
              break;
            case 'move':
              if (steady.length === 0) return;
              changes.push({ operation: 'update_page', page, into: steady[targets[i]! % steady.length] });
              expected.push(`page_moved ${page}`);
              break;
            case 'delete':
              changes.push({ operation: 'delete_page', page });
              expected.push(`page_deleted ${page}`);
              break;
          }
        });
        for (let n = 0; n < created; n++) {
          changes.push({ operation: 'insert_page', title: `New ${n} ${run}` });
          expected.push(`page_created New ${n} ${run}`);
        }
        if (file) {
          changes.push({
            operation: 'insert_files',
            files: [{ name: `f${run}.txt`, contentType: 'text/plain', base64: Buffer.from(`${run}`).toString('base64') }],
          });
          expected.push(`file_created f${run}.txt`);
        }
        const shuffled = changes.map((change, i) => ({ change, key: order[i] ?? i })).sort((a, b) => a.key - b.key);
        for (let first = 0; first < shuffled.length; first += batch) {
          const res = await app.post(`${crPath(space.id, cr.id)}/content`, {
            changes: shuffled.slice(first, first + batch).map((s) => s.change),
          });
          expect(res.status).toBe(200);
        }
        const res = await app.get(`${crPath(space.id, cr.id)}/changes?limit=1000`);
        expect(res.status).toBe(200);
        expectSemanticChanges(res.body);
        const reported = res.body.changes.map((c: any) => {
          if (c.file) return `${c.type} ${c.file.name}`;
          if (c.type === 'page_created') return `${c.type} ${c.page.title}`;
          if (c.type === 'page_edited') return `${c.type} ${c.page.id} ${Object.keys(c.attributes).sort().join(',')}`;
          return `${c.type} ${c.page.id}`;
        });
        expect(reported.sort()).toEqual(expected.sort());
      }),
      { numRuns: 25 },
    );
  });
});
