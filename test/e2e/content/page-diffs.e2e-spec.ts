import { AnswerSchemas, expectDocumentedAnswer } from '../support/answer-schemas';
import { ContentCast, contentCast, createSpace, spacePath } from '../support/content-world';
import { watchingHealth } from '../support/responsiveness';
import { expectError, HttpResult, TestApp } from '../support/test-app';

const REVISION_DIFF = '/v1/spaces/{spaceId}/revisions/{revisionId}/pages/{pageId}/diff';
const CR_DIFF = '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/pages/{pageId}/diff';
const crPath = (spaceId: string, cr: string | number) => `${spacePath(spaceId)}/change-requests/${cr}`;

/**
 * The line diff of a page's markdown between two revisions (this server's extension, marked so in
 * the served document): from a change request's base to its head, or between any two revisions.
 */
describe('line diffs of a page between revisions', () => {
  let app: TestApp;
  let schemas: AnswerSchemas;
  let cast: ContentCast;

  beforeAll(async () => {
    app = await TestApp.shared();
    schemas = await AnswerSchemas.load(app.url);
    cast = await contentCast(app, 'page-diffs');
  });
  afterAll(() => app.stop());

  async function newCr(spaceId: string): Promise<any> {
    const res = await app.post(`${spacePath(spaceId)}/change-requests`, { subject: 'Diffs' });
    if (res.status !== 201) throw new Error(`could not create change request: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  async function edit(spaceId: string, cr: string, changes: object[]): Promise<any> {
    const res = await app.post(`${crPath(spaceId, cr)}/content?compat=false`, { changes });
    if (res.status !== 200) throw new Error(`edit failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  /** A space whose live content holds one page with `markdown`, and an open change request on it. */
  async function pageWith(markdown: string): Promise<{ space: any; pageId: string; base: string; cr: any }> {
    const space = await createSpace(app, cast.organizationId, { title: 'Diffs', empty: true });
    const seed = await newCr(space.id);
    const inserted = await edit(space.id, seed.id, [{ operation: 'insert_page', title: 'Guide', document: { markdown } }]);
    const merged = await app.post(`${crPath(space.id, seed.id)}/merge`);
    expect(merged.status).toBe(200);
    return { space, pageId: inserted.changes[0].page.id, base: merged.body.revision, cr: await newCr(space.id) };
  }

  const crDiff = (spaceId: string, cr: string, pageId: string, query = '', token?: string | null): Promise<HttpResult> =>
    app.get(`${crPath(spaceId, cr)}/pages/${pageId}/diff${query}`, token);
  const revisionDiff = (spaceId: string, revision: string, pageId: string, query: string, token?: string | null): Promise<HttpResult> =>
    app.get(`${spacePath(spaceId)}/revisions/${revision}/pages/${pageId}/diff${query}`, token);

  it('marks both routes as extensions in the served document', async () => {
    const document = (await app.get('/v1/openapi.json', null)).body;
    for (const path of [REVISION_DIFF, CR_DIFF]) expect(document.paths[path].get['x-docs-extension']).toMatchObject({ gitbook: false });
    expect(document.paths['/v1/spaces/{spaceId}/change-requests/{changeRequestId}/changes'].get['x-docs-extension']).toBeUndefined();
  });

  it("diffs a change request's page from its base to its head, hunks with context, as between the two revisions", async () => {
    const { space, pageId, base, cr } = await pageWith('# Guide\n\nOne\nTwo\nThree\nFour\nFive\nSix\n');
    const edited = await edit(space.id, cr.id, [
      {
        operation: 'update_page',
        page: pageId,
        title: 'Guide 2',
        document: { markdown: '# Guide\n\nOne\nTwo\n3\nFour\nFive\nSix\nSeven\n' },
      },
    ]);
    const res = await crDiff(space.id, cr.id, pageId, '?context=1');
    expect(res.status).toBe(200);
    expectDocumentedAnswer(schemas, 'GET', CR_DIFF, res);
    const head = edited.changeRequest.revision;
    expect(res.body).toEqual({
      object: 'page-diff',
      page: pageId,
      from: {
        revision: base,
        page: { id: pageId, type: 'document', title: 'Guide', path: 'guide' },
        document: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
      to: {
        revision: head,
        page: { id: pageId, type: 'document', title: 'Guide 2', path: 'guide-2' },
        document: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
      stats: { added: 2, removed: 1 },
      hunks: [
        { oldStart: 4, oldLines: 3, newStart: 4, newLines: 3, lines: [' Two', '-Three', '+3', ' Four'] },
        { oldStart: 8, oldLines: 1, newStart: 8, newLines: 2, lines: [' Six', '+Seven'] },
      ],
    });
    const between = await revisionDiff(space.id, head, pageId, `?from=${base}&context=1`);
    expectDocumentedAnswer(schemas, 'GET', REVISION_DIFF, between);
    expect(between.body).toEqual(res.body);
    // The other way round: what was added is removed. The default context is 3 lines: one hunk.
    const back = await revisionDiff(space.id, base, pageId, `?from=${head}`);
    expect(back.body.stats).toEqual({ added: 1, removed: 2 });
    expect(back.body.hunks).toHaveLength(1);
  });

  it('diffs a page absent on one side against an empty body, and answers no hunk when the body did not change', async () => {
    const { space, pageId, base, cr } = await pageWith('Kept.\n');
    const created = await edit(space.id, cr.id, [{ operation: 'insert_page', title: 'New', document: { markdown: 'a\nb\n' } }]);
    const newId = created.changes[0].page.id;
    const res = await crDiff(space.id, cr.id, newId);
    expect(res.body).toMatchObject({ from: { revision: base }, to: { page: { id: newId } }, stats: { added: 2, removed: 0 } });
    expect(res.body.from.page).toBeUndefined();
    const same = await crDiff(space.id, cr.id, pageId);
    expect(same.body).toMatchObject({ stats: { added: 0, removed: 0 }, hunks: [] });
    expect(same.body.from.document).toBe(same.body.to.document);
  });

  it('diffs large pages in a work thread; 422 when two versions share too little to diff, the server answering meanwhile', async () => {
    const lines = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix} line ${i}`).join('\n');
    const { space, pageId, cr } = await pageWith(`${lines('same', 4000)}\n`);
    await edit(space.id, cr.id, [
      {
        operation: 'update_page',
        page: pageId,
        document: { markdown: `${lines('same', 4000).replace('same line 2000\n', 'changed\n')}\n` },
      },
    ]);
    const large = await crDiff(space.id, cr.id, pageId, '?context=0');
    expect(large.status).toBe(200);
    expect(large.body.hunks).toEqual([
      { oldStart: 2001, oldLines: 1, newStart: 2001, newLines: 1, lines: ['-same line 2000', '+changed'] },
    ]);

    await edit(space.id, cr.id, [{ operation: 'update_page', page: pageId, document: { markdown: lines('other', 24_000) } }]);
    const watched = await watchingHealth(app.url, () => crDiff(space.id, cr.id, pageId));
    expectError(watched.result, 422, new RegExp(`markdown of page ${pageId} differs in more than 10,000 lines`));
    expect(watched.maxHeldMs).toBeLessThan(watched.heldLimitMs);
  });

  it('checks its query: from is required on the revision route, context is 0 to 100', async () => {
    const { space, pageId, base, cr } = await pageWith('x\n');
    expectError(await revisionDiff(space.id, base, pageId, ''), 400, /from must be a revision id/);
    for (const context of ['-1', '101', 'x'])
      expectError(await crDiff(space.id, cr.id, pageId, `?context=${context}`), 400, /context must be/);
  });

  it('answers 404 to outsiders, for a page in neither revision, and for a revision of another space', async () => {
    const { space, pageId, base, cr } = await pageWith('x\n');
    const other = await createSpace(app, cast.organizationId, { title: 'Other' });
    expectError(await crDiff(space.id, cr.id, pageId, '', cast.token('outsider')), 404, /space not found/);
    expectError(await revisionDiff(space.id, base, pageId, `?from=${base}`, cast.token('outsider')), 404, /space not found/);
    expect((await crDiff(space.id, cr.id, pageId, '', cast.token('reader'))).status).toBe(200);
    expectError(await crDiff(space.id, cr.id, pageId, '', null), 401);
    expectError(await crDiff(space.id, cr.id, 'nopage00000000000000'), 404, /page not found in either revision/);
    expectError(await revisionDiff(space.id, base, pageId, `?from=${other.revision}`), 404, /revision not found/);
    expectError(await crDiff(other.id, cr.id, pageId), 404, /change request not found/);
  });
});
