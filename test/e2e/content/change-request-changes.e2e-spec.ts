import { AnswerSchemas, expectDocumentedAnswer } from '../support/answer-schemas';
import { ContentCast, contentCast, createSpace, spacePath } from '../support/content-world';
import { expectGitbookSchema } from '../support/gitbook-schema';
import { expectSemanticChanges } from '../support/semantic-changes';
import { expectError, HttpResult, TestApp } from '../support/test-app';

const CR_CHANGES = '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/changes';
const REVISION_CHANGES = '/v1/spaces/{spaceId}/revisions/{revisionId}/changes';
const crPath = (spaceId: string, cr: string | number) => `${spacePath(spaceId)}/change-requests/${cr}`;

/** A 16×8 PNG (header and IHDR are what image-size reads). */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000100000000808060000003ff7b9490000000d' +
    '4944415478da63f8cfc0f01f000501020028d1a8e30000000049454e44ae426082',
  'hex',
);

/**
 * What a change request or a revision changes (getChangeRequestChanges, getRevisionSemanticChanges):
 * every change kind, `more` under a limit, `mergedFrom` on a merge revision, permissions.
 */
describe('what a change request changes', () => {
  let app: TestApp;
  let schemas: AnswerSchemas;
  let cast: ContentCast;

  beforeAll(async () => {
    app = await TestApp.shared();
    schemas = await AnswerSchemas.load(app.url);
    cast = await contentCast(app, 'cr-changes');
  });
  afterAll(() => app.stop());

  async function newCr(spaceId: string, subject = 'Changes'): Promise<any> {
    const res = await app.post(`${spacePath(spaceId)}/change-requests`, { subject });
    if (res.status !== 201) throw new Error(`could not create change request: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  async function edit(spaceId: string, cr: string, changes: object[]): Promise<any> {
    const res = await app.post(`${crPath(spaceId, cr)}/content?compat=false`, { changes });
    if (res.status !== 200) throw new Error(`edit failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  async function merge(spaceId: string, cr: string): Promise<string> {
    const res = await app.post(`${crPath(spaceId, cr)}/merge`);
    if (res.status !== 200) throw new Error(`merge failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.revision;
  }

  /** A space whose live content holds pages `a`, `b` (with child `b1`), `c` and `d`: ids by name. */
  async function seeded(): Promise<{ space: any; ids: Record<string, string> }> {
    const space = await createSpace(app, cast.organizationId, { title: 'Changes', empty: true });
    const cr = await newCr(space.id, 'Seed');
    const first = await edit(
      space.id,
      cr.id,
      ['a', 'b', 'c', 'd'].map((name) => ({
        operation: 'insert_page',
        ref: name,
        title: `Page ${name}`,
        document: { markdown: `# ${name}\n\nBody of ${name}.\n` },
      })),
    );
    const ids: Record<string, string> = Object.fromEntries(first.changes.map((c: any) => [c.ref.toString(), c.page.id]));
    const child = await edit(space.id, cr.id, [
      { operation: 'insert_page', ref: 'b1', title: 'Page b1', into: ids.b, document: { markdown: 'Child.\n' } },
    ]);
    ids.b1 = child.changes[0].page.id;
    await merge(space.id, cr.id);
    return { space, ids };
  }

  const changesOf = async (spaceId: string, cr: string | number, query = '', token?: string | null): Promise<HttpResult> =>
    app.get(`${crPath(spaceId, cr)}/changes${query}`, token);

  const summary = (changes: any[]) => changes.map((c) => `${c.type} ${c.page?.title ?? c.file?.name}`);

  it('lists pages added, removed, moved, renamed and edited, and files added, in GitBook’s shape', async () => {
    const { space, ids } = await seeded();
    const cr = await newCr(space.id);
    await edit(space.id, cr.id, [
      { operation: 'insert_page', title: 'Page e', document: { markdown: 'New.\n' } },
      { operation: 'update_page', page: ids.a, document: { markdown: '# a\n\nBody of a, edited.\n' } },
      { operation: 'update_page', page: ids.c, title: 'Page c renamed', slug: 'c-renamed' },
      { operation: 'update_page', page: ids.d, into: ids.b },
      { operation: 'delete_page', page: ids.b1 },
      { operation: 'insert_files', files: [{ name: 'pixel.png', contentType: 'image/png', base64: PNG.toString('base64') }] },
    ]);
    const res = await changesOf(space.id, cr.id);
    expect(res.status).toBe(200);
    expectDocumentedAnswer(schemas, 'GET', CR_CHANGES, res);
    expectSemanticChanges(res.body);
    expect(res.body.more).toBeUndefined();
    expect(res.body.mergedFrom).toBeUndefined();
    const page = (name: string, path: string, title = `Page ${name}`) => ({ id: ids[name], type: 'document', title, path });
    // By path: c-renamed, page-a, page-b/…, page-e; files last.
    expect(res.body.changes).toEqual([
      {
        type: 'page_edited',
        page: page('c', 'c-renamed', 'Page c renamed'),
        attributes: { title: { before: 'Page c', after: 'Page c renamed' }, slug: { before: 'page-c', after: 'c-renamed' } },
      },
      {
        type: 'page_edited',
        page: page('a', 'page-a'),
        attributes: { document: { before: expect.stringMatching(/^[0-9a-f]{64}$/), after: expect.stringMatching(/^[0-9a-f]{64}$/) } },
      },
      { type: 'page_deleted', page: page('b1', 'page-b/page-b1') },
      { type: 'page_moved', page: page('d', 'page-b/page-d'), parent: { after: page('b', 'page-b') } },
      { type: 'page_created', page: { id: expect.any(String), type: 'document', title: 'Page e', path: 'page-e' } },
      {
        type: 'file_created',
        file: {
          id: expect.any(String),
          name: 'pixel.png',
          contentType: 'image/png',
          downloadURL: expect.stringMatching(/^http:\/\/api\.test\/v1\/files\//),
        },
      },
    ]);
    // The signed URL serves the bytes without a token.
    const file = await fetch(`${app.url}${new URL(res.body.changes[5].file.downloadURL).pathname}`);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(PNG);
    // By number too.
    expect((await changesOf(space.id, cr.number)).body).toEqual(res.body);
  });

  it('cuts the list at `limit` (default 10) and counts the rest in `more`', async () => {
    const space = await createSpace(app, cast.organizationId, { title: 'Many', empty: true });
    const cr = await newCr(space.id);
    await edit(
      space.id,
      cr.id,
      Array.from({ length: 12 }, (_, i) => ({ operation: 'insert_page', title: `P${String(i).padStart(2, '0')}` })),
    );
    const all = await changesOf(space.id, cr.id, '?limit=100');
    expect(summary(all.body.changes)).toEqual(Array.from({ length: 12 }, (_, i) => `page_created P${String(i).padStart(2, '0')}`));
    const byDefault = await changesOf(space.id, cr.id);
    expect(byDefault.body).toEqual({ changes: all.body.changes.slice(0, 10), more: 2 });
    const two = await changesOf(space.id, cr.id, '?limit=2');
    expectDocumentedAnswer(schemas, 'GET', CR_CHANGES, two);
    expect(two.body).toEqual({ changes: all.body.changes.slice(0, 2), more: 10 });
    expect((await changesOf(space.id, cr.id, '?limit=12')).body).toEqual({ changes: all.body.changes });
    for (const limit of ['0', '1001', '1.5', 'x']) expectError(await changesOf(space.id, cr.id, `?limit=${limit}`), 400, /limit/);
  });

  it('measures from the base: after an update from main, what main brought is not the change request’s', async () => {
    const { space, ids } = await seeded();
    const cr = await newCr(space.id, 'Mine');
    await edit(space.id, cr.id, [{ operation: 'update_page', page: ids.a, title: 'Mine' }]);
    const other = await newCr(space.id, 'Theirs');
    await edit(space.id, other.id, [{ operation: 'update_page', page: ids.c, title: 'Theirs' }]);
    await merge(space.id, other.id);
    expect(summary((await changesOf(space.id, cr.id)).body.changes)).toEqual(['page_edited Mine']);
    const updated = await app.post(`${crPath(space.id, cr.id)}/update`);
    expect(updated.status).toBe(200);
    expect(summary((await changesOf(space.id, cr.id)).body.changes)).toEqual(['page_edited Mine']);
  });

  it('names, for a merge revision, the change request it came from (mergedFrom) and what it changed', async () => {
    const { space, ids } = await seeded();
    const cr = await newCr(space.id, 'To merge');
    await edit(space.id, cr.id, [
      { operation: 'update_page', page: ids.b, title: 'Renamed b' },
      { operation: 'insert_page', title: 'Fresh', into: ids.a },
    ]);
    const before = (await changesOf(space.id, cr.id)).body;
    const revision = await merge(space.id, cr.id);
    const res = await app.get(`${spacePath(space.id)}/revisions/${revision}/changes`);
    expect(res.status).toBe(200);
    expectDocumentedAnswer(schemas, 'GET', REVISION_CHANGES, res);
    expectSemanticChanges(res.body);
    expectGitbookSchema('ChangeRequest', res.body.mergedFrom);
    expect(res.body.mergedFrom).toMatchObject({ object: 'change-request', id: cr.id, status: 'merged', revisionMerged: revision });
    expect(res.body.changes).toEqual(before.changes);
    // GitBook's revision flags are accepted.
    expect((await app.get(`${spacePath(space.id)}/revisions/${revision}/changes?metadata=false&computed=false`)).body).toEqual(res.body);
  });

  it('lists what an edit revision changed from its parent, and a first revision against nothing', async () => {
    const space = await createSpace(app, cast.organizationId, { title: 'First' });
    const first = await app.get(`${spacePath(space.id)}/revisions/${space.revision}/changes`);
    expect(first.status).toBe(200);
    expectSemanticChanges(first.body);
    expect(summary(first.body.changes)).toEqual(['page_created Untitled']);
    const cr = await newCr(space.id);
    await edit(space.id, cr.id, [{ operation: 'insert_page', title: 'One' }]);
    const second = await edit(space.id, cr.id, [{ operation: 'insert_page', title: 'Two' }]);
    const res = await app.get(`${spacePath(space.id)}/revisions/${second.changeRequest.revision}/changes`);
    expect(summary(res.body.changes)).toEqual(['page_created Two']);
    expect(res.body.mergedFrom).toBeUndefined();
  });

  it('answers 404 to whoever cannot see the space, for unknown ids and for another space’s revision; 401 without a token', async () => {
    const { space } = await seeded();
    const cr = await newCr(space.id);
    const elsewhere = await createSpace(app, cast.organizationId, { title: 'Elsewhere' });
    expectError(await changesOf(space.id, cr.id, '', cast.token('outsider')), 404, /space not found/);
    expectError(
      await app.get(`${spacePath(space.id)}/revisions/${space.revision}/changes`, cast.token('outsider')),
      404,
      /space not found/,
    );
    expect((await changesOf(space.id, cr.id, '', cast.token('reader'))).status).toBe(200);
    expectError(await changesOf(space.id, cr.id, '', null), 401);
    expectError(await changesOf(space.id, 'nope0000000000000000'), 404, /change request not found/);
    expectError(await changesOf(elsewhere.id, cr.id), 404, /change request not found/);
    expectError(await app.get(`${spacePath(elsewhere.id)}/revisions/${space.revision}/changes`), 404, /revision not found/);
  });
});
