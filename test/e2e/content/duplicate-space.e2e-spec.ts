import { AnswerSchemas } from '../support/answer-schemas';
import {
  ContentCast,
  contentCast,
  createCollection,
  createSpace,
  expectValidAnswer,
  grant,
  spacePath,
  spacesOf,
} from '../support/content-world';
import { collectAll, expectError, TestApp } from '../support/test-app';

const DUPLICATE = '/v1/spaces/{spaceId}/duplicate';

describe('POST /v1/spaces/{spaceId}/duplicate (duplicateSpace)', () => {
  let app: TestApp;
  let schemas: AnswerSchemas;
  let cast: ContentCast;

  beforeAll(async () => {
    app = await TestApp.shared();
    schemas = await AnswerSchemas.load(app.url);
    cast = await contentCast(app, 'duplicate');
  });
  afterAll(() => app.stop());

  /** A space in `parent` with a page tree and a file, merged into its live content. */
  async function spaceWithContent(parent?: string): Promise<any> {
    const space = await createSpace(app, cast.organizationId, {
      title: 'Handbook',
      emoji: '📘',
      empty: true,
      ...(parent ? { parent } : {}),
    });
    const cr = (await app.post(`${spacePath(space.id)}/change-requests`, { subject: 'Seed' })).body;
    const edit = await app.post(`${spacePath(space.id)}/change-requests/${cr.id}/content?compat=false`, {
      changes: [
        { operation: 'insert_page', title: 'Guide', ref: 'guide', document: { markdown: '# Guide\n\nRead me.' } },
        {
          operation: 'insert_files',
          files: [{ name: 'notes.txt', contentType: 'text/plain', base64: Buffer.from('notes').toString('base64') }],
        },
      ],
    });
    const guide = edit.body.changes[0].page.id;
    await app.post(`${spacePath(space.id)}/change-requests/${cr.id}/content`, {
      changes: [{ operation: 'insert_page', title: 'Install', into: guide, document: { markdown: 'Run it.' } }],
    });
    expect((await app.post(`${spacePath(space.id)}/change-requests/${cr.id}/merge`, undefined)).status).toBe(200);
    return (await app.get(spacePath(space.id))).body;
  }

  it('copies settings, grants and the live content under new ids, right after the original', async () => {
    const original = await spaceWithContent();
    const after = await createSpace(app, cast.organizationId, { title: 'After' });
    await grant(app, original.id, { role: 'review', users: [cast.userId('editor')] });
    const res = await app.post(`${spacePath(original.id)}/duplicate`, undefined);
    expect(res.status).toBe(201);
    expectValidAnswer(schemas, 'POST', DUPLICATE, res, 'Space');
    const copy = res.body;
    expect(res.headers.get('location')).toBe(copy.urls.location);
    expect(copy).toMatchObject({
      title: 'Copy of Handbook',
      emoji: '📘',
      organization: cast.organizationId,
      changeRequests: 0,
      defaultLevel: original.defaultLevel,
    });
    expect(copy.id).not.toBe(original.id);
    expect(copy.revision).not.toBe(original.revision);
    // Order: original, copy, then the space that followed the original.
    const order = (await collectAll(app, spacesOf(cast.organizationId))).map((s) => s.id);
    expect(order.indexOf(copy.id)).toBe(order.indexOf(original.id) + 1);
    expect(order.indexOf(after.id)).toBeGreaterThan(order.indexOf(copy.id));
    // Content: same tree and bodies, new ids.
    const pages = (await app.get(`${spacePath(copy.id)}/content/pages`)).body.pages;
    const originalPages = (await app.get(`${spacePath(original.id)}/content/pages`)).body.pages;
    expect(pages.map((p: any) => [p.title, p.path, p.pages.map((c: any) => c.path)])).toEqual([['Guide', 'guide', ['guide/install']]]);
    expect(pages[0].id).not.toBe(originalPages[0].id);
    const page = (await app.get(`${spacePath(copy.id)}/content/path/guide/install?format=markdown`)).body;
    expect(page.markdown).toBe('Run it.');
    const files = (await app.get(`${spacePath(copy.id)}/content/files`)).body.items;
    expect(files).toEqual([expect.objectContaining({ name: 'notes.txt', size: 5 })]);
    // Grants: the editor reviews the copy too.
    const users = (await app.get(`${spacePath(copy.id)}/permissions/users`)).body.items;
    expect(users.map((u: any) => [u.user.id, u.permission])).toEqual([[cast.userId('editor'), 'review']]);
    // The original is untouched.
    expect((await app.get(spacePath(original.id))).body.revision).toBe(original.revision);
  });

  it('keeps the parent collection, cuts the title at 50 characters, and copies a locked space as locked', async () => {
    const collection = await createCollection(app, cast.organizationId, 'Manuals');
    const original = await spaceWithContent(collection);
    await app.patch(spacePath(original.id), { title: 'T'.repeat(50), editMode: 'locked' });
    const res = await app.post(`${spacePath(original.id)}/duplicate`, undefined);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      parent: collection,
      title: `Copy of ${'T'.repeat(42)}`,
      editMode: 'locked',
      visibility: 'in-collection',
    });
    expect((await app.get(`${spacePath(res.body.id)}/content/pages`)).body.pages).toHaveLength(1);
  });

  it('is for space admins: editors 403, outsiders and unknown spaces 404, no token 401, no body', async () => {
    const space = await createSpace(app, cast.organizationId, { title: 'Private' });
    expectError(await app.post(`${spacePath(space.id)}/duplicate`, undefined, cast.token('editor')!), 403, /duplicating/);
    expectError(await app.post(`${spacePath(space.id)}/duplicate`, undefined, cast.token('outsider')!), 404);
    expectError(await app.post(`${spacePath('nosuchspace')}/duplicate`, undefined), 404);
    expectError(await app.post(`${spacePath(space.id)}/duplicate`, undefined, null), 401);
    expectError(await app.post(`${spacePath(space.id)}/duplicate`, { title: 'x' }), 400);
  });

  it('duplicates an empty space as an empty space', async () => {
    const space = await createSpace(app, cast.organizationId, { title: 'Empty', empty: true });
    const res = await app.post(`${spacePath(space.id)}/duplicate`, undefined);
    expect(res.status).toBe(201);
    expect((await app.get(`${spacePath(res.body.id)}/content/pages`)).body.pages).toEqual([]);
  });
});
