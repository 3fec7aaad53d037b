// The clock alone: @docs/platform/testing would load Nest and the stores into this worker.
import { FakeClock } from '@docs/platform/testing/fake-clock';
import { AnswerSchemas } from '../support/answer-schemas';
import { ContentCast, contentCast, createSpace, expectValidAnswer, grant, spacePath } from '../support/content-world';
import { gitbookAnswerErrors } from '../support/gitbook-schema';
import { ensureHost, runCli } from '../support/processes';
import { collectAll, expectError, HttpResult, TestApp } from '../support/test-app';

const LIST = '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/contributors';
const crsOf = (spaceId: string) => `${spacePath(spaceId)}/change-requests`;
const contributorsOf = (spaceId: string, changeRequest: string | number) => `${crsOf(spaceId)}/${changeRequest}/contributors`;

/**
 * getContributorsByChangeRequestId (issue #27): the creator and everyone who edited a change
 * request's content, each with how often and when last, the most recent first; the `contributor`
 * filter of the change request list keeps the change requests of exactly these users.
 */
describe('GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}/contributors', () => {
  let app: TestApp;
  let schemas: AnswerSchemas;
  let cast: ContentCast;
  let clock: FakeClock;
  let spaceId: string;

  beforeAll(async () => {
    await ensureHost();
    clock = new FakeClock();
    app = await TestApp.start({}, { clock });
    schemas = await AnswerSchemas.load(app.url);
    cast = await contentCast(app, 'contributors');
    spaceId = (await createSpace(app, cast.organizationId, { title: 'Contributions' })).id;
  });
  afterAll(() => app.stop());

  /** Our document's answer, GitBook's operation's answer, each item GitBook's ChangeRequestUserContributor. */
  const valid = (res: HttpResult) => {
    expectValidAnswer(schemas, 'GET', LIST, res, 'ChangeRequestUserContributor');
    expect(gitbookAnswerErrors('getContributorsByChangeRequestId', res.status, res.body)).toEqual([]);
  };
  const contributors = async (changeRequest: string | number, query = '', token?: string | null) => {
    const res = await app.get(`${contributorsOf(spaceId, changeRequest)}${query}`, token);
    valid(res);
    return res;
  };
  async function createCr(token?: string): Promise<any> {
    clock.advance(1000);
    const res = await app.post(crsOf(spaceId), { subject: 'Contributed' }, token);
    expect(res.status).toBe(201);
    return res.body;
  }
  /** Edits the change request's content; answers when (its updatedAt). */
  async function edit(changeRequestId: string, token?: string): Promise<string> {
    clock.advance(1000);
    const res = await app.post(
      `${crsOf(spaceId)}/${changeRequestId}/content`,
      { changes: [{ operation: 'insert_page', title: 'Edit' }] },
      token,
    );
    expect(res.status).toBe(200);
    return res.body.updatedAt;
  }

  it('lists the creator and each editor once, with their count and last contribution, the most recent first', async () => {
    const cr = await createCr();
    const { createdAt } = cr;
    let res = await contributors(cr.id);
    expect(res.body).toEqual({
      count: 1,
      items: [{ user: expect.objectContaining({ object: 'user', id: cast.ownerId }), count: 1, updatedAt: createdAt, actionType: 'edit' }],
    });
    await edit(cr.id, cast.editor.token!);
    const editorLast = await edit(cr.id, cast.editor.token!);
    res = await contributors(cr.number);
    expect(res.body.items.map((c: any) => [c.user.id, c.count, c.updatedAt])).toEqual([
      [cast.editor.userId, 2, editorLast],
      [cast.ownerId, 1, createdAt],
    ]);
    const ownerLast = await edit(cr.id);
    res = await contributors(cr.id);
    expect(res.body.items.map((c: any) => [c.user.id, c.count, c.updatedAt])).toEqual([
      [cast.ownerId, 2, ownerLast],
      [cast.editor.userId, 2, editorLast],
    ]);
    // Pulling the live content in contributes nothing.
    const other = await createCr();
    await edit(other.id);
    expect((await app.post(`${crsOf(spaceId)}/${other.id}/merge`)).status).toBe(200);
    clock.advance(1000);
    expect((await app.post(`${crsOf(spaceId)}/${cr.id}/update`, undefined, cast.editor.token)).body.result).toBe('update');
    expect((await contributors(cr.id)).body.items.map((c: any) => [c.user.id, c.count])).toEqual([
      [cast.ownerId, 2],
      [cast.editor.userId, 2],
    ]);
  });

  it('is what the contributor filter of the change request list keeps', async () => {
    const byEditor = await createCr(cast.editor.token!);
    const edited = await createCr();
    await edit(edited.id, cast.editor.token!);
    const untouched = await createCr();
    for (const cr of [byEditor, edited, untouched]) {
      const users = (await collectAll(app, contributorsOf(spaceId, cr.id))).map((c) => c.user.id);
      for (const userId of [cast.ownerId, cast.editor.userId, cast.reader.userId]) {
        const listed = (await collectAll(app, `${crsOf(spaceId)}?status=all&contributor=${userId}`)).map((c) => c.id);
        expect([cr.id, userId, listed.includes(cr.id)]).toEqual([cr.id, userId, users.includes(userId)]);
      }
    }
  });

  it('pages with an opaque cursor (limit at most 1000)', async () => {
    const cr = await createCr();
    for (const person of [cast.editor, cast.reader]) await grant(app, spaceId, { role: 'edit', users: [person.userId] });
    await edit(cr.id, cast.editor.token!);
    await edit(cr.id, cast.reader.token!);
    const first = await contributors(cr.id, '?limit=2');
    expect(first.body).toMatchObject({ count: 3, next: { page: expect.any(String) } });
    expect(first.body.items.map((c: any) => c.user.id)).toEqual([cast.reader.userId, cast.editor.userId]);
    const second = await contributors(cr.id, `?limit=2&page=${encodeURIComponent(first.body.next.page)}`);
    expect(second.body).toEqual({ count: 3, items: [expect.objectContaining({ user: expect.objectContaining({ id: cast.ownerId }) })] });
    expectError(await app.get(`${contributorsOf(spaceId, cr.id)}?limit=1001`), 400, /limit/);
    expectError(await app.get(`${contributorsOf(spaceId, cr.id)}?page=nonsense`), 400, /page/);
  });

  it('answers anyone who can see the space; 404 for an unknown change request, an outsider, a guest, nobody 401', async () => {
    const cr = await createCr();
    expect((await contributors(cr.id, '', cast.reader.token)).status).toBe(200);
    expectError(await app.get(contributorsOf(spaceId, 'nope1234'), cast.reader.token), 404, /change request/);
    expectError(await app.get(contributorsOf(spaceId, 9999)), 404, /change request/);
    expectError(await app.get(contributorsOf(spaceId, cr.id), cast.outsider.token), 404, /space/);
    expectError(await app.get(contributorsOf(spaceId, cr.id), cast.guest.token), 404, /space/);
    expectError(await app.get(contributorsOf(spaceId, cr.id), null), 401);
    // A change request of another space is not this space's.
    const elsewhere = (await createSpace(app, cast.organizationId, { title: 'Elsewhere' })).id;
    expectError(await app.get(contributorsOf(elsewhere, cr.id)), 404, /change request/);
  });

  it('is rebuilt the same, with the organization list, by a replay of the projections', async () => {
    const cr = await createCr(cast.editor.token!);
    await edit(cr.id);
    await edit(cr.id, cast.editor.token!);
    const orgList = `/v1/orgs/${cast.organizationId}/change-requests?status=open&status=draft&status=archived&status=merged`;
    const read = async () => ({
      contributors: (await contributors(cr.id)).body,
      organization: await collectAll(app, orgList),
      byContributor: await collectAll(app, `${orgList}&contributor=${cast.editor.userId}`),
    });
    const before = await read();
    expect(before.contributors.count).toBe(2);
    for (const projection of ['change_request_contributors', 'change_requests']) {
      const replay = runCli(['projections', 'replay', projection], { DATA_DIR: app.config.dataDir });
      expect(replay.code).toBe(0);
      expect(JSON.parse(replay.stdout)).toMatchObject({ projection, generation: 1 });
      await app.forgetGeneration(projection);
    }
    expect(await read()).toEqual(before);
  });
});
