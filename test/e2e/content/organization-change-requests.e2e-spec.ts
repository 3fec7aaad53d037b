import fc from 'fast-check';
import { AnswerSchemas } from '../support/answer-schemas';
import { ContentCast, contentCast, createSpace, expectValidAnswer, grant, spacePath } from '../support/content-world';
import { gitbookAnswerErrors } from '../support/gitbook-schema';
import { collectAll, expectError, HttpResult, TestApp } from '../support/test-app';

const LIST = '/v1/orgs/{organizationId}/change-requests';
const STATUSES = ['draft', 'open', 'archived', 'merged'] as const;
type Status = (typeof STATUSES)[number];
const crsOf = (spaceId: string) => `${spacePath(spaceId)}/change-requests`;
const ids = (items: { id: string }[]) => items.map((c) => c.id);

/** A change request as the test made it: where, by whom, its status, who edited it, who is asked to review it, and its times. */
interface Made {
  id: string;
  space: string;
  creator: string;
  status: Status;
  contributors: Set<string>;
  reviewers: Set<string>;
  createdAt: string;
  updatedAt: string;
}

/**
 * listChangeRequestsForOrganization (issue #27): the change requests of the organization's spaces
 * the caller can see, with GitBook's filters, paged; never one of a space the caller cannot see.
 */
describe('GET /v1/orgs/{organizationId}/change-requests', () => {
  let app: TestApp;
  let schemas: AnswerSchemas;
  let cast: ContentCast;
  /** Three spaces: the guest is granted the first only. */
  let spaces: string[];
  const made: Made[] = [];

  const listPath = (query = '') => `/v1/orgs/${cast.organizationId}/change-requests${query ? `?${query}` : ''}`;
  /** Our document's answer, GitBook's operation's answer, each item GitBook's ChangeRequest. */
  const valid = (res: HttpResult) => {
    expectValidAnswer(schemas, 'GET', LIST, res, 'ChangeRequest');
    expect(gitbookAnswerErrors('listChangeRequestsForOrganization', res.status, res.body)).toEqual([]);
  };
  const listed = async (query: string, token?: string | null) => {
    const res = await app.get(listPath(query), token);
    expect(res.status).toBe(200);
    valid(res);
    return { count: res.body.count as number, ids: ids(res.body.items) };
  };
  const all = (query: string, token?: string | null) => collectAll(app, listPath(query), token ?? undefined).then((items) => ids(items));

  async function createCr(space: string, token?: string): Promise<Made> {
    const res = await app.post(crsOf(space), { subject: 'Across' }, token);
    expect(res.status).toBe(201);
    const cr: Made = {
      id: res.body.id,
      space,
      creator: res.body.createdBy.id,
      status: 'open',
      contributors: new Set([res.body.createdBy.id]),
      reviewers: new Set(),
      createdAt: res.body.createdAt,
      updatedAt: res.body.updatedAt,
    };
    made.push(cr);
    return cr;
  }
  async function setStatus(cr: Made, status: Status): Promise<void> {
    const res =
      status === 'merged'
        ? await app.post(`${crsOf(cr.space)}/${cr.id}/merge`)
        : await app.patch(`${crsOf(cr.space)}/${cr.id}`, { status });
    expect(res.status).toBe(200);
    const after = status === 'merged' ? (await app.get(`${crsOf(cr.space)}/${cr.id}`)).body : res.body;
    cr.status = status;
    cr.updatedAt = after.updatedAt;
  }
  async function edit(cr: Made, token: string, userId: string): Promise<void> {
    const res = await app.post(`${crsOf(cr.space)}/${cr.id}/content`, { changes: [{ operation: 'insert_page', title: 'Edit' }] }, token);
    expect(res.status).toBe(200);
    cr.contributors.add(userId);
    cr.updatedAt = res.body.updatedAt;
  }
  async function askReview(cr: Made, userId: string): Promise<void> {
    expect((await app.post(`${crsOf(cr.space)}/${cr.id}/requested-reviewers`, { users: [userId] })).status).toBe(200);
    cr.reviewers.add(userId);
  }

  beforeAll(async () => {
    app = await TestApp.shared();
    schemas = await AnswerSchemas.load(app.url);
    cast = await contentCast(app, 'org-change-requests');
    spaces = [];
    for (const title of ['Granted', 'Members only', 'Also members only'])
      spaces.push((await createSpace(app, cast.organizationId, { title })).id);
    await grant(app, spaces[0]!, { role: 'read', users: [cast.guest.userId] });
  });

  it('lists the open change requests of every space, most recently updated first; status takes several values', async () => {
    const a = await createCr(spaces[0]!);
    const b = await createCr(spaces[1]!, cast.editor.token!);
    const c = await createCr(spaces[2]!);
    await setStatus(a, 'draft');
    await edit(c, cast.editor.token!, cast.editor.userId);
    expect(await listed('')).toEqual({ count: 2, ids: [c.id, b.id] });
    expect(await listed('status=open')).toEqual(await listed(''));
    expect(await listed('status=draft&status=open')).toEqual({ count: 3, ids: [c.id, a.id, b.id] });
    expect(await listed('status=draft&status=open&orderBy=createdAt')).toEqual({ count: 3, ids: [c.id, b.id, a.id] });
    expect(await listed(`status=open&status=draft&creator=${cast.editor.userId}`)).toEqual({ count: 1, ids: [b.id] });
    expect(await listed(`contributor=${cast.editor.userId}`)).toEqual({ count: 2, ids: [c.id, b.id] });
    await askReview(b, cast.reader.userId);
    expect(await listed(`requestedReviewer=${cast.reader.userId}`)).toEqual({ count: 1, ids: [b.id] });
    expect(await listed(`space=${spaces[2]}`)).toEqual({ count: 1, ids: [c.id] });
    expect(await listed(`space=${spaces[2]}&status=draft`)).toEqual({ count: 0, ids: [] });
    expect(await listed('finding=all')).toEqual(await listed('finding=none'));
    for (const linked of ['site', 'topic', 'styleguideRun']) expect(await listed(`${linked}=abc`)).toEqual({ count: 0, ids: [] });
  });

  it('refuses what it does not take, naming the parameter', async () => {
    expectError(await app.get(listPath('status=all')), 400, /status must be one of draft, open, archived, merged/);
    expectError(await app.get(listPath('status=open&status=nope')), 400, /status/);
    expectError(await app.get(listPath('orderBy=subject')), 400, /orderBy/);
    expectError(await app.get(listPath('finding=some')), 400, /finding/);
    expectError(await app.get(listPath(`creator=${cast.ownerId}&contributor=${cast.ownerId}`)), 400, /contributor: cannot be combined/);
    expectError(await app.get(listPath('space=')), 400, /space/);
    expectError(await app.get(listPath('limit=1001')), 400, /limit/);
    expectError(await app.get(listPath('page=nonsense')), 400, /page/);
  });

  it('pages with an opaque cursor, every change request once', async () => {
    const query = 'status=open&status=draft&status=archived&status=merged';
    const every = (await listed(query)).ids;
    expect(every.length).toBeGreaterThanOrEqual(3);
    const first = await app.get(listPath(`${query}&limit=1`));
    valid(first);
    expect(first.body).toMatchObject({ count: every.length, next: { page: expect.any(String) } });
    expect(await all(`${query}&limit=2`)).toEqual(every);
  });

  it('shows a member every space, a guest their granted spaces only; an outsider 404, nobody 401', async () => {
    const query = 'status=open&status=draft';
    const everyOpen = made.filter((c) => c.status === 'open' || c.status === 'draft').map((c) => c.id);
    expect(new Set(await all(query, cast.reader.token))).toEqual(new Set(everyOpen));
    const granted = made.filter((c) => c.space === spaces[0] && (c.status === 'open' || c.status === 'draft')).map((c) => c.id);
    expect(granted.length).toBeGreaterThan(0);
    expect(new Set(await all(query, cast.guest.token))).toEqual(new Set(granted));
    expect(await listed(`space=${spaces[1]}&${query}`, cast.guest.token)).toEqual({ count: 0, ids: [] });
    expect(await listed(`space=nope-nope&${query}`)).toEqual({ count: 0, ids: [] });
    expectError(await app.get(listPath(), cast.outsider.token), 404, /organization/);
    expectError(await app.get(listPath(), null), 401);
  });

  it('leaves out the change requests of a space in the trash, and of a space transferred away', async () => {
    const trashed = (await createSpace(app, cast.organizationId, { title: 'Trash soon' })).id;
    const cr = await createCr(trashed);
    expect((await all('')).includes(cr.id)).toBe(true);
    expect((await app.delete(spacePath(trashed))).status).toBe(205);
    expect(await all('')).not.toContain(cr.id);
    expect(await listed(`space=${trashed}`)).toEqual({ count: 0, ids: [] });
    expect((await app.post(`${spacePath(trashed)}/restore`)).status).toBe(200);
    expect(await all('')).toContain(cr.id);
    const other = await contentCast(app, 'org-change-requests-to');
    expect((await app.post(`${spacePath(trashed)}/transfer`, { organization: other.organizationId })).status).toBe(200);
    expect(await all('')).not.toContain(cr.id);
    expect(await collectAll(app, `/v1/orgs/${other.organizationId}/change-requests`).then(ids)).toEqual([cr.id]);
    made.splice(made.indexOf(cr), 1);
  });

  it('is the filters applied to what was made, for any change requests and filters (property)', async () => {
    const callers = new Map([
      ['admin', { token: undefined, sees: () => true }],
      ['reader', { token: cast.reader.token!, sees: () => true }],
      ['guest', { token: cast.guest.token!, sees: (cr: Made) => cr.space === spaces[0] }],
    ]);
    const step = fc.record({
      space: fc.nat(2),
      byEditor: fc.boolean(),
      status: fc.constantFrom<Status>('open', 'draft', 'archived'),
      editedByReader: fc.boolean(),
      review: fc.boolean(),
    });
    const query = fc.record({
      caller: fc.constantFrom(...callers.keys()),
      statuses: fc.uniqueArray(fc.constantFrom(...STATUSES), { minLength: 1 }),
      person: fc.option(
        fc.record({
          kind: fc.constantFrom('creator', 'contributor', 'requestedReviewer'),
          who: fc.constantFrom('owner', 'editor', 'reader'),
        }),
        { nil: undefined },
      ),
      space: fc.option(fc.nat(2), { nil: undefined }),
      orderBy: fc.constantFrom('updatedAt', 'createdAt'),
      limit: fc.integer({ min: 1, max: 5 }),
    });
    const userOf = new Map([
      ['owner', cast.ownerId],
      ['editor', cast.editor.userId],
      ['reader', cast.reader.userId],
    ]);
    await grant(app, spaces[0]!, { role: 'edit', users: [cast.reader.userId] });
    await grant(app, spaces[1]!, { role: 'edit', users: [cast.reader.userId] });
    await grant(app, spaces[2]!, { role: 'edit', users: [cast.reader.userId] });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 3 }), query, async (steps, q) => {
        for (const s of steps) {
          const cr = await createCr(spaces[s.space]!, s.byEditor ? cast.editor.token! : undefined);
          if (s.editedByReader) await edit(cr, cast.reader.token!, cast.reader.userId);
          if (s.status !== 'open') await setStatus(cr, s.status);
          if (s.review) await askReview(cr, cast.reader.userId);
        }
        const caller = callers.get(q.caller)!;
        const person = q.person && { ...q.person, userId: userOf.get(q.person.who)! };
        const expected = made
          .filter(caller.sees)
          .filter((cr) => q.statuses.includes(cr.status))
          .filter((cr) => q.space === undefined || cr.space === spaces[q.space])
          .filter(
            (cr) =>
              person === undefined ||
              (person.kind === 'creator'
                ? cr.creator === person.userId
                : person.kind === 'contributor'
                  ? cr.contributors.has(person.userId)
                  : cr.reviewers.has(person.userId)),
          )
          .sort((a, b) => {
            const field = q.orderBy as 'updatedAt' | 'createdAt';
            return b[field].localeCompare(a[field]) || (b.id < a.id ? -1 : b.id > a.id ? 1 : 0);
          })
          .map((cr) => cr.id);
        const search = new URLSearchParams([
          ...q.statuses.map((s): [string, string] => ['status', s]),
          ['orderBy', q.orderBy],
          ['limit', String(q.limit)],
          ...(person ? [[person.kind, person.userId] as [string, string]] : []),
          ...(q.space !== undefined ? [['space', spaces[q.space]!] as [string, string]] : []),
        ]);
        const first = await app.get(listPath(search.toString()), caller.token);
        valid(first);
        expect(first.body.count).toBe(expected.length);
        expect(await all(search.toString(), caller.token)).toEqual(expected);
      }),
      { numRuns: 15 },
    );
  });
});
