import { FakeClock } from '@docs/platform/testing/fake-clock';
import { AnswerSchemas } from '../support/answer-schemas';
import { ContentCast, contentCast, createSpace, expectValidAnswer, spacePath } from '../support/content-world';
import { collectAll, expectError, HttpResult, TestApp } from '../support/test-app';

const LIST = '/v1/spaces/{spaceId}/change-requests';
const crsOf = (spaceId: string) => `${spacePath(spaceId)}/change-requests`;
const ids = (items: { id: string }[]) => items.map((c) => c.id);

/**
 * GitBook's filters and order of listChangeRequestsForSpace beyond status and contributor (issue
 * #25): `creator`, `requestedReviewer`, `topic` and `orderBy`, each one index range of the read model.
 */
describe('GET /v1/spaces/{spaceId}/change-requests: creator, requestedReviewer, topic, orderBy', () => {
  let app: TestApp;
  let schemas: AnswerSchemas;
  let cast: ContentCast;
  let clock: FakeClock;
  let spaceId: string;
  /** Created in this order, a second apart: by the owner, the editor, the owner, the editor. */
  const crs: any[] = [];

  const list = (query: string, token?: string | null) => app.get(`${crsOf(spaceId)}?${query}`, token);
  const valid = (res: HttpResult) => expectValidAnswer(schemas, 'GET', LIST, res, 'ChangeRequest');
  const listed = async (query: string) => {
    const res = await list(query);
    expect(res.status).toBe(200);
    valid(res);
    return { count: res.body.count, ids: ids(res.body.items) };
  };

  beforeAll(async () => {
    clock = new FakeClock();
    app = await TestApp.start({}, { clock });
    schemas = await AnswerSchemas.load(app.url);
    cast = await contentCast(app, 'change-request-filters');
    spaceId = (await createSpace(app, cast.organizationId, { title: 'Filters' })).id;
    for (const [subject, token] of [
      ['Owner first', undefined],
      ['Editor first', cast.editor.token],
      ['Owner second', undefined],
      ['Editor second', cast.editor.token],
    ] as const) {
      clock.advance(1000);
      const res = await app.post(crsOf(spaceId), { subject }, token);
      expect(res.status).toBe(201);
      crs.push(res.body);
    }
    // The first is updated last: first by last update, last by creation.
    clock.advance(1000);
    expect((await app.patch(`${crsOf(spaceId)}/${crs[0].id}`, { subject: 'Owner first, again' })).status).toBe(200);
    clock.advance(1000);
    expect((await app.patch(`${crsOf(spaceId)}/${crs[2].id}`, { status: 'draft' })).status).toBe(200);
  });
  afterAll(() => app.stop());

  it('orderBy=createdAt lists newest created first; updatedAt (the default) most recently updated first', async () => {
    expect(await listed('orderBy=createdAt')).toEqual({ count: 3, ids: ids([crs[3], crs[1], crs[0]]) });
    expect(await listed('orderBy=updatedAt')).toEqual({ count: 3, ids: ids([crs[0], crs[3], crs[1]]) });
    expect(await listed('')).toEqual(await listed('orderBy=updatedAt'));
    expect(ids(await collectAll(app, `${crsOf(spaceId)}?status=all&orderBy=createdAt&limit=1`))).toEqual(
      ids([crs[3], crs[2], crs[1], crs[0]]),
    );
    expectError(await list('orderBy=title'), 400, /orderBy must be one of updatedAt, createdAt/);
  });

  it('creator keeps the change requests a user created, in any status, in either order', async () => {
    expect(await listed(`creator=${cast.ownerId}`)).toEqual({ count: 1, ids: [crs[0].id] });
    expect(await listed(`creator=${cast.ownerId}&status=all&orderBy=createdAt`)).toEqual({ count: 2, ids: ids([crs[2], crs[0]]) });
    expect(await listed(`creator=${cast.ownerId}&status=draft`)).toEqual({ count: 1, ids: [crs[2].id] });
    expect(await listed(`creator=${cast.editor.userId}`)).toEqual({ count: 2, ids: ids([crs[3], crs[1]]) });
    expect(ids(await collectAll(app, `${crsOf(spaceId)}?creator=${cast.editor.userId}&limit=1`))).toEqual(ids([crs[3], crs[1]]));
    expect(await listed(`creator=${cast.reader.userId}`)).toEqual({ count: 0, ids: [] });
    // An editor who edits another's change request contributes to it, but did not create it.
    clock.advance(1000);
    const edit = { changes: [{ operation: 'insert_page', title: 'By the editor' }] };
    expect((await app.post(`${crsOf(spaceId)}/${crs[0].id}/content`, edit, cast.editor.token)).status).toBe(200);
    expect(await listed(`contributor=${cast.editor.userId}`)).toEqual({ count: 3, ids: ids([crs[0], crs[3], crs[1]]) });
    expect(await listed(`creator=${cast.editor.userId}`)).toEqual({ count: 2, ids: ids([crs[3], crs[1]]) });
    expectError(await list('creator='), 400, /creator/);
  });

  it('requestedReviewer keeps the change requests a user is requested to review, until the request is removed', async () => {
    const request = (cr: any, users: string[]) => app.post(`${crsOf(spaceId)}/${cr.id}/requested-reviewers`, { users });
    expect((await request(crs[1], [cast.reader.userId])).status).toBe(200);
    expect((await request(crs[3], [cast.reader.userId, cast.ownerId])).status).toBe(200);
    expect((await request(crs[2], [cast.reader.userId])).status).toBe(200);
    expect(await listed(`requestedReviewer=${cast.reader.userId}`)).toEqual({ count: 2, ids: ids([crs[3], crs[1]]) });
    expect(await listed(`requestedReviewer=${cast.reader.userId}&status=all&orderBy=createdAt`)).toEqual({
      count: 3,
      ids: ids([crs[3], crs[2], crs[1]]),
    });
    expect(await listed(`requestedReviewer=${cast.ownerId}`)).toEqual({ count: 1, ids: [crs[3].id] });
    const removed = await app.request('DELETE', `${crsOf(spaceId)}/${crs[3].id}/requested-reviewers/${cast.reader.userId}`);
    expect(removed.status).toBe(205);
    expect(await listed(`requestedReviewer=${cast.reader.userId}`)).toEqual({ count: 1, ids: [crs[1].id] });
    expect(await listed(`requestedReviewer=${cast.editor.userId}`)).toEqual({ count: 0, ids: [] });
  });

  it('topic keeps nothing: this server has no site topics, so no change request is linked to one', async () => {
    expect(await listed('topic=topic-1&status=all')).toEqual({ count: 0, ids: [] });
    expectError(await list(`topic=${'t'.repeat(65)}`), 400, /topic/);
  });

  it('refuses two person filters at once with a 400 naming them; the filters still need a caller who sees the space', async () => {
    expectError(
      await list(`creator=${cast.ownerId}&requestedReviewer=${cast.ownerId}`),
      400,
      'requestedReviewer: cannot be combined with creator or contributor (a list keeps the change requests of one person)',
    );
    expectError(await list(`contributor=${cast.ownerId}&creator=${cast.ownerId}`), 400, /^contributor: cannot be combined with creator or/);
    expect((await list(`creator=${cast.ownerId}`, cast.reader.token)).status).toBe(200);
    expectError(await list(`creator=${cast.ownerId}`, cast.outsider.token), 404, /space not found/);
    expectError(await list(`creator=${cast.ownerId}`, null), 401);
  });
});
