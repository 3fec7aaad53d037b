import { GitBookAPI, GitBookAPIError, MemberRole } from '@gitbook/api';
import { AnswerSchemas, expectDocumentedAnswer } from '../support/answer-schemas';
import { createSpace, spacePath } from '../support/content-world';
import { expectGitbookSchema } from '../support/gitbook-schema';
import { collectAll, expectError, HttpResult, OWNER_TOKEN, TestApp } from '../support/test-app';
import { joinOrg, newPerson, orgWithPeople, Person } from '../organizations/fixtures/org-members';

describe('collections', () => {
  let app: TestApp;
  let schemas: AnswerSchemas;
  let orgId: string;
  let admin: Person;
  let member: Person;
  let creator: Person;
  let guest: Person;
  let outsider: Person;
  let otherOrgId: string;

  beforeAll(async () => {
    app = await TestApp.shared();
    schemas = await AnswerSchemas.load(app.url);
    ({ organizationId: orgId, admin, member, guest, outsider } = await orgWithPeople(app, 'collections'));
    creator = await newPerson(app, 'Cora Creator');
    await joinOrg(app, orgId, creator, 'create');
    otherOrgId = (await orgWithPeople(app, 'collections-other')).organizationId;
  });
  afterAll(() => app.stop());

  const collections = (org = orgId) => `/v1/orgs/${org}/collections`;
  const one = (id: string) => `/v1/collections/${id}`;

  /** The answer is GitBook's Collection (or a page of them) and what our document says the route answers. */
  function expectValid(method: string, template: string, res: HttpResult): void {
    expectDocumentedAnswer(schemas, method, template, res);
    if (res.status >= 300 || res.body === undefined) return;
    for (const collection of res.body.items ?? [res.body]) expectGitbookSchema('Collection', collection);
  }

  async function create(body: object = {}, org = orgId, token?: string): Promise<any> {
    const res = await app.post(collections(org), body, token);
    expect(res.status).toBe(201);
    expectValid('POST', '/v1/orgs/{organizationId}/collections', res);
    return res.body;
  }

  /** A fresh organization, owned by the owner token, for lists whose exact contents a test checks. */
  const freshOrg = (tag: string) => orgWithPeople(app, tag);

  const titlesOf = async (path: string) => (await collectAll(app, path)).map((c) => c.title);

  describe('POST /v1/orgs/{organizationId}/collections', () => {
    it("creates a collection, with its Location, readable at once in GitBook's shape", async () => {
      const res = await app.post(collections(), { title: 'Guides', description: 'How-tos', defaultLevel: 'read' });
      expect(res.status).toBe(201);
      expectValid('POST', '/v1/orgs/{organizationId}/collections', res);
      const id = res.body.id;
      expect(res.body).toEqual({
        object: 'collection',
        id: expect.stringMatching(/^[A-Za-z0-9]+$/),
        title: 'Guides',
        description: 'How-tos',
        organization: orgId,
        defaultLevel: 'read',
        urls: { location: `http://api.test/v1/collections/${id}`, app: `http://app.test/o/${orgId}/c/${id}` },
        permissions: { view: true, admin: true, viewInviteLinks: true, create: true },
      });
      expect(res.headers.get('location')).toBe(`http://api.test/v1/collections/${id}`);

      const read = await app.get(one(id));
      expect(read.status).toBe(200);
      expect(read.body).toEqual(res.body);
      expect(await collectAll(app, collections())).toContainEqual(res.body);
    });

    it('defaults to "Untitled", no description and no default level, at the top level', async () => {
      const created = await create({});
      expect(created).toMatchObject({ title: 'Untitled', description: '', defaultLevel: null });
      expect(created).not.toHaveProperty('parent');
      const noBody = await app.request('POST', collections());
      expect(noBody.status).toBe(201);
      expect(noBody.body).toMatchObject({ title: 'Untitled' });
    });

    it('creates a collection inside another one', async () => {
      const parent = await create({ title: 'Parent' });
      const child = await create({ title: 'Child', parent: parent.id });
      expect(child.parent).toBe(parent.id);
      expect((await app.get(one(child.id))).body.parent).toBe(parent.id);
    });

    it.each([
      [{ title: '' }, /title must be longer than or equal to 1/],
      [{ title: 'x'.repeat(51) }, /title must be shorter than or equal to 50/],
      [{ title: 7 }, /title must be a string/],
      [{ title: null }, /title/],
      [{ description: 'x'.repeat(101) }, /description must be shorter than or equal to 100/],
      [{ description: null }, /description/],
      [{ parent: '' }, /parent must be longer than or equal to 1/],
      [{ parent: 7 }, /parent must be a string/],
      [{ parent: null }, /parent/],
      [{ defaultLevel: 'inherit' }, /defaultLevel must be one of read, comment, edit, review, create, admin or null/],
      [{ defaultLevel: 'owner' }, /defaultLevel/],
      [{ title: 'T', extra: 1 }, /property extra should not exist/],
      [[], /body must be a JSON object/],
    ])('refuses %j with 400 naming the field', async (body, message) => {
      const res = await app.post(collections(), body);
      expectError(res, 400, message);
      expectValid('POST', '/v1/orgs/{organizationId}/collections', res);
    });

    it('refuses a parent that is not a collection of the organization', async () => {
      expectError(await app.post(collections(), { parent: 'nope' }), 400, /parent: no collection nope/);
      const elsewhere = await create({ title: 'Elsewhere' }, otherOrgId);
      expectError(await app.post(collections(), { parent: elsewhere.id }), 400, /parent: no collection/);
    });

    it('lets members with the create role create; 403 to lesser roles and guests, 404 to outsiders, 401 without a token', async () => {
      const made = await create({ title: 'By a creator' }, orgId, creator.token);
      expect(made.permissions).toEqual({ view: true, admin: false, viewInviteLinks: false, create: true });
      expectError(await app.post(collections(), {}, member.token), 403, /create role/);
      expectError(await app.post(collections(), {}, guest.token), 403);
      expectError(await app.post(collections(), {}, outsider.token), 404, /organization not found/);
      expectError(await app.post('/v1/orgs/unknownOrg/collections', {}), 404);
      const anonymous = await app.post(collections(), {}, null);
      expectError(anonymous, 401);
      expectValid('POST', '/v1/orgs/{organizationId}/collections', anonymous);
    });
  });

  describe('GET /v1/orgs/{organizationId}/collections', () => {
    let org: Awaited<ReturnType<typeof freshOrg>>;
    const list = () => collections(org.organizationId);

    beforeAll(async () => {
      org = await freshOrg('collection-list');
      const a = await create({ title: 'A' }, org.organizationId);
      await create({ title: 'B' }, org.organizationId);
      const a1 = await create({ title: 'A1', parent: a.id }, org.organizationId);
      await create({ title: 'C' }, org.organizationId);
      await create({ title: 'A1x', parent: a1.id }, org.organizationId);
      await create({ title: 'A2', parent: a.id }, org.organizationId);
    });

    it('pages through every collection depth-first: each right before its sub-collections, siblings in order', async () => {
      const first = await app.get(`${list()}?limit=2`);
      expect(first.status).toBe(200);
      expectValid('GET', '/v1/orgs/{organizationId}/collections', first);
      expect(first.body).toMatchObject({ count: 6, next: { page: expect.any(String) } });
      expect(first.body.items).toHaveLength(2);
      expect(await titlesOf(`${list()}?limit=2`)).toEqual(['A', 'A1', 'A1x', 'A2', 'B', 'C']);
      expect(await titlesOf(`${list()}?nested=true&limit=4`)).toEqual(['A', 'A1', 'A1x', 'A2', 'B', 'C']);
      const all = await app.get(`${list()}?limit=6`);
      expect(all.body.next).toBeUndefined();
    });

    it('lists only the top level with nested=false', async () => {
      const res = await app.get(`${list()}?nested=false&limit=2`);
      expect(res.body.count).toBe(3);
      expect(await titlesOf(`${list()}?nested=false&limit=2`)).toEqual(['A', 'B', 'C']);
    });

    it('shows members their permissions', async () => {
      const res = await app.get(list(), org.member.token);
      expect(res.status).toBe(200);
      expect(res.body.items[0].permissions).toEqual({ view: true, admin: false, viewInviteLinks: false, create: false });
    });

    it.each([
      ['nested=maybe', /nested must be true or false/],
      ['limit=0', /limit/],
      ['limit=1001', /limit/],
      ['page=garbage', /page/],
      ['unknown=1', /property unknown should not exist/],
    ])('refuses ?%s with 400', async (query, message) => {
      const res = await app.get(`${list()}?${query}`);
      expectError(res, 400, message);
      expectValid('GET', '/v1/orgs/{organizationId}/collections', res);
    });

    it('answers 403 to guests, 404 to outsiders and unknown organizations, 401 without a token', async () => {
      expectError(await app.get(list(), org.guest.token), 403, /guests cannot list the collections/);
      expectError(await app.get(list(), org.outsider.token), 404);
      expectError(await app.get('/v1/orgs/unknownOrg/collections'), 404);
      expectError(await app.get(list(), null), 401);
    });
  });

  describe('GET /v1/collections/{collectionId}', () => {
    let id: string;
    beforeAll(async () => {
      id = (await create({ title: 'Readable' })).id;
    });

    it('shows the collection to organization members with a role', async () => {
      const res = await app.get(one(id), member.token);
      expect(res.status).toBe(200);
      expectValid('GET', '/v1/collections/{collectionId}', res);
      expect(res.body).toMatchObject({
        id,
        title: 'Readable',
        permissions: { view: true, admin: false, viewInviteLinks: false, create: false },
      });
      expect((await app.get(one(id), creator.token)).body.permissions).toEqual({
        view: true,
        admin: false,
        viewInviteLinks: false,
        create: true,
      });
    });

    it('answers 404 to guests, outsiders and for unknown ids, 401 without a token', async () => {
      for (const token of [guest.token, outsider.token]) expectError(await app.get(one(id), token), 404, /collection not found/);
      const unknown = await app.get(one('unknownCollection'));
      expectError(unknown, 404);
      expectValid('GET', '/v1/collections/{collectionId}', unknown);
      expectError(await app.get(one(id), null), 401);
    });
  });

  describe('PATCH /v1/collections/{collectionId}', () => {
    let id: string;
    beforeAll(async () => {
      id = (await create({ title: 'Before', description: 'Old' })).id;
    });

    it('changes what is given and keeps the rest, readable at once', async () => {
      const res = await app.patch(one(id), { title: 'After', defaultLevel: 'edit' });
      expect(res.status).toBe(200);
      expectValid('PATCH', '/v1/collections/{collectionId}', res);
      expect(res.body).toMatchObject({ id, title: 'After', description: 'Old', defaultLevel: 'edit' });
      expect((await app.get(one(id))).body).toEqual(res.body);

      const cleared = await app.patch(one(id), { description: '', defaultLevel: null });
      expect(cleared.body).toMatchObject({ title: 'After', description: '', defaultLevel: null });
      const same = await app.patch(one(id), {});
      expect(same.status).toBe(200);
      expect(same.body).toEqual(cleared.body);
      expect((await app.get(one(id), admin.token)).body.title).toBe('After');
    });

    it.each([
      [{ title: '' }, /title must be longer than or equal to 1/],
      [{ title: 'x'.repeat(51) }, /title must be shorter than or equal to 50/],
      [{ title: null }, /title/],
      [{ description: 'x'.repeat(101) }, /description must be shorter/],
      [{ defaultLevel: 'inherit' }, /defaultLevel/],
      [{ parent: 'x' }, /property parent should not exist/],
    ])('refuses %j with 400 naming the field', async (body, message) => {
      const res = await app.patch(one(id), body);
      expectError(res, 400, message);
      expectValid('PATCH', '/v1/collections/{collectionId}', res);
    });

    it('needs an organization admin: 403 to other members, 404 to guests, outsiders and unknown ids', async () => {
      expectError(await app.patch(one(id), { title: 'No' }, member.token), 403, /admin role/);
      expectError(await app.patch(one(id), { title: 'No' }, creator.token), 403);
      expectError(await app.patch(one(id), { title: 'No' }, guest.token), 404);
      expectError(await app.patch(one(id), { title: 'No' }, outsider.token), 404);
      expectError(await app.patch(one('unknownCollection'), { title: 'No' }), 404);
      expectError(await app.patch(one(id), { title: 'No' }, null), 401);
      expect((await app.get(one(id))).body.title).toBe('After');
    });
  });

  describe('DELETE /v1/collections/{collectionId}', () => {
    it('deletes an empty collection (205): it is gone from reads and lists', async () => {
      const { id } = await create({ title: 'Doomed' });
      const res = await app.delete(one(id));
      expect(res.status).toBe(205);
      expectValid('DELETE', '/v1/collections/{collectionId}', res);
      expectError(await app.get(one(id)), 404);
      expect((await collectAll(app, collections())).map((c) => c.id)).not.toContain(id);
      expectError(await app.delete(one(id)), 404);
    });

    it('refuses to delete a collection holding another (409), until it is empty', async () => {
      const parent = await create({ title: 'Full' });
      const child = await create({ title: 'Inside', parent: parent.id });
      const refused = await app.delete(one(parent.id));
      expectError(refused, 409, /not empty: move or delete its spaces and collections first/);
      expectValid('DELETE', '/v1/collections/{collectionId}', refused);
      expect((await app.get(one(parent.id))).status).toBe(200);
      expect((await app.delete(one(child.id))).status).toBe(205);
      expect((await app.delete(one(parent.id))).status).toBe(205);
    });

    it('refuses to delete a collection holding a space (409), in the trash too, until the space has left', async () => {
      const { id } = await create({ title: 'Shelf' });
      const space = await createSpace(app, orgId, { title: 'On the shelf', parent: id });
      const refused = await app.delete(one(id));
      expectError(refused, 409, /the collection is not empty: move or delete its spaces and collections first/);
      expectValid('DELETE', '/v1/collections/{collectionId}', refused);
      // In the trash, the space still belongs to the collection: it can be restored there.
      expect((await app.delete(spacePath(space.id))).status).toBe(205);
      expectError(await app.delete(one(id)), 409, /not empty/);
      expect((await app.post(`${spacePath(space.id)}/restore`)).body).toMatchObject({ parent: id });
      expect((await app.post(`${spacePath(space.id)}/move`, { parent: null })).status).toBe(200);
      expect((await app.delete(one(id))).status).toBe(205);
      expectError(await app.get(one(id)), 404);
    });

    it('needs an organization admin: 403 to other members, 404 to guests and outsiders', async () => {
      const { id } = await create({ title: 'Kept' });
      expectError(await app.delete(one(id), member.token), 403);
      expectError(await app.delete(one(id), creator.token), 403);
      expectError(await app.delete(one(id), guest.token), 404);
      expectError(await app.delete(one(id), outsider.token), 404);
      expectError(await app.delete(one(id), null), 401);
      expect((await app.get(one(id))).status).toBe(200);
    });
  });

  describe('POST /v1/collections/{collectionId}/move', () => {
    let org: Awaited<ReturnType<typeof freshOrg>>;
    let ids: Record<string, string>;
    const list = (query = '') => `${collections(org.organizationId)}${query}`;
    const move = (title: string, body: unknown, token?: string | null) => app.post(`${one(ids[title]!)}/move`, body, token);
    const sibling = (title: string) => ({ type: 'collection', collection: ids[title] });
    const moved = async (title: string, body: unknown) => {
      const res = await move(title, body);
      expect(res.status).toBe(200);
      expectValid('POST', '/v1/collections/{collectionId}/move', res);
      return res.body;
    };

    beforeAll(async () => {
      org = await freshOrg('collection-moves');
      ids = {};
      for (const [title, parent] of [
        ['A', null],
        ['B', null],
        ['C', null],
        ['A1', 'A'],
        ['A1x', 'A1'],
      ] as const) {
        ids[title] = (await create({ title, ...(parent ? { parent: ids[parent] } : {}) }, org.organizationId)).id;
      }
    });

    it('reorders siblings before and after one another, and keeps the order', async () => {
      await moved('C', { position: { before: sibling('A') } });
      expect(await titlesOf(list('?nested=false'))).toEqual(['C', 'A', 'B']);
      await moved('C', { position: { after: sibling('A') } });
      expect(await titlesOf(list('?nested=false'))).toEqual(['A', 'C', 'B']);
      await moved('A', { position: { after: sibling('C'), before: sibling('B') } });
      expect(await titlesOf(list('?nested=false'))).toEqual(['C', 'A', 'B']);
      await moved('C', { parent: null });
      expect(await titlesOf(list('?nested=false'))).toEqual(['A', 'B', 'C']);
      expect(await titlesOf(list())).toEqual(['A', 'A1', 'A1x', 'B', 'C']);
    });

    it('moves a collection with its sub-collections into another parent, last by default, then back to the top', async () => {
      const res = await moved('A1', { parent: ids.B });
      expect(res).toMatchObject({ id: ids.A1, parent: ids.B });
      expect((await app.get(one(ids.A1!))).body.parent).toBe(ids.B);
      expect(await titlesOf(list())).toEqual(['A', 'B', 'A1', 'A1x', 'C']);
      expect((await app.get(one(ids.A1x!))).body.parent).toBe(ids.A1);

      const top = await moved('A1', { parent: null, position: { before: sibling('A') } });
      expect(top).not.toHaveProperty('parent');
      expect(await titlesOf(list())).toEqual(['A1', 'A1x', 'A', 'B', 'C']);
      await moved('A1', { parent: ids.A });
      expect(await titlesOf(list())).toEqual(['A', 'A1', 'A1x', 'B', 'C']);
    });

    it('never moves a collection into itself or one inside it (400)', async () => {
      expectError(await move('A', { parent: ids.A }), 400, /cannot be moved into itself/);
      expectError(await move('A', { parent: ids.A1x }), 400, /cannot be moved into itself/);
      expectError(await move('A', { parent: 'nope' }), 400, /parent: no collection nope/);
      expect(await titlesOf(list())).toEqual(['A', 'A1', 'A1x', 'B', 'C']);
    });

    it('answers 200 with the collection for a move that changes nothing, and appends no event', async () => {
      const streams = () => Promise.all(['C', 'B', 'A1'].map((title) => app.readStream(`collection-${ids[title]}`)));
      const before = await streams();
      const stays = async (title: string, body: unknown) => {
        const res = await move(title, body);
        expect(res.status).toBe(200);
        expectValid('POST', '/v1/collections/{collectionId}/move', res);
        expect(res.body).toEqual((await app.get(one(ids[title]!))).body);
      };
      await stays('C', { parent: null });
      await stays('B', { position: { after: sibling('A') } });
      await stays('A1', { parent: ids.A });
      expect(await streams()).toEqual(before);
      expect(await titlesOf(list())).toEqual(['A', 'A1', 'A1x', 'B', 'C']);
    });

    it('refuses positions next to something that is not a sibling there (400)', async () => {
      expectError(await move('C', { position: { after: sibling('A1') } }), 400, /position.after: no other collection/);
      expectError(await move('C', { position: { before: sibling('C') } }), 400, /position.before/);
      expectError(await move('C', { position: { after: { type: 'collection', collection: 'nope' } } }), 400, /position.after/);
      expectError(
        await move('C', { position: { after: { type: 'space', space: 'someSpace' } } }),
        400,
        /position.after: no other space someSpace/,
      );
      expectError(
        await move('A', { position: { after: sibling('C'), before: sibling('B') } }),
        400,
        /`after` must name a sibling placed before/,
      );
    });

    it.each([
      [{}, /position: a move names a parent, a position or both/],
      [{ parent: 7 }, /parent must be a string/],
      [{ parent: '' }, /parent must be longer/],
      [{ position: 'last' }, /position must be an object/],
      [{ position: { after: 'x' } }, /position.after must be an object/],
      [{ position: { after: null } }, /position.after/],
      [{ position: { after: { type: 'page', page: 'x' } } }, /property position.after.page should not exist/],
      [{ position: { after: { type: 'page' } } }, /position.after.type must be space or collection/],
      [{ position: { after: { type: 'collection' } } }, /position.after.collection must be the id of a collection/],
      [
        { position: { after: { type: 'collection', space: 'x', collection: 'y' } } },
        /position.after.space must be the id of a space .* absent otherwise/,
      ],
      [{ position: { middle: {} } }, /property position.middle should not exist/],
      [{ parent: null, extra: true }, /property extra should not exist/],
    ])('refuses %j with 400 naming the field', async (body, message) => {
      const res = await move('C', body);
      expectError(res, 400, message);
      expectValid('POST', '/v1/collections/{collectionId}/move', res);
    });

    it('needs an organization admin: 403 to other members, 404 to guests, outsiders and unknown ids', async () => {
      expectError(await move('C', { parent: ids.A }, org.member.token), 403, /admin role/);
      expectError(await move('C', { parent: ids.A }, org.guest.token), 404);
      expectError(await move('C', { parent: ids.A }, org.outsider.token), 404);
      expectError(await app.post(`${one('unknownCollection')}/move`, { parent: null }), 404);
      expectError(await move('C', { parent: ids.A }, null), 401);
      expect(await titlesOf(list())).toEqual(['A', 'A1', 'A1x', 'B', 'C']);
    });

    it('places a collection next to a sibling space, in the order spaces and collections share', async () => {
      const spaces = async () => (await collectAll(app, `/v1/orgs/${org.organizationId}/spaces`)).map((s) => s.title);
      const first = await createSpace(app, org.organizationId, { title: 'First' });
      const second = await createSpace(app, org.organizationId, { title: 'Second' });
      const res = await moved('B', { position: { after: { type: 'space', space: first.id } } });
      expect(res).not.toHaveProperty('parent');
      expect(await titlesOf(list('?nested=false'))).toEqual(['A', 'C', 'B']);
      // B now sits between the two spaces: a space placed right before B lands between them too.
      const third = await createSpace(app, org.organizationId, { title: 'Third' });
      expect((await app.post(`${spacePath(third.id)}/move`, { position: { before: sibling('B') } })).status).toBe(200);
      expect(await spaces()).toEqual(['First', 'Third', 'Second']);
      expect((await move('B', { position: { before: { type: 'space', space: second.id } } })).status).toBe(200); // already there
      expectError(
        await move('B', { parent: ids.A, position: { after: { type: 'space', space: first.id } } }),
        400,
        /position.after: no other space .* among the children of the target parent/,
      );
      const elsewhere = await createSpace(app, otherOrgId, { title: 'Elsewhere' });
      expectError(await move('B', { position: { after: { type: 'space', space: elsewhere.id } } }), 400, /position.after: no other space/);
      await moved('B', { parent: null });
      expect(await titlesOf(list('?nested=false'))).toEqual(['A', 'C', 'B']);
    });

    it("cannot move a collection into another organization's collection", async () => {
      const elsewhere = await create({ title: 'Other org' }, otherOrgId);
      expectError(await move('C', { parent: elsewhere.id }), 400, /parent: no collection/);
    });
  });

  describe("GitBook's API client", () => {
    it('creates, lists, reads, updates, moves and deletes collections unchanged', async () => {
      const api = new GitBookAPI({ authToken: OWNER_TOKEN, endpoint: app.url });
      const { organizationId } = await freshOrg('collection-client');
      const created = await api.orgs.createCollection(organizationId, { title: 'Client' });
      expect(created.status).toBe(201);
      const inner = (await api.orgs.createCollection(organizationId, { title: 'Inner', parent: created.data.id })).data;
      expect(inner.parent).toBe(created.data.id);
      const list = await api.orgs.listCollectionsInOrganizationById(organizationId, { limit: 1 });
      expect(list.data).toMatchObject({ count: 2, items: [{ id: created.data.id }], next: { page: expect.any(String) } });
      expect((await api.collections.getCollectionById(inner.id)).data).toEqual(inner);
      const updated = await api.collections.updateCollectionById(inner.id, {
        description: 'From the client',
        defaultLevel: MemberRole.Comment,
      });
      expect(updated.data).toMatchObject({ description: 'From the client', defaultLevel: MemberRole.Comment });
      const moved = await api.collections.moveCollection(inner.id, {
        parent: null,
        position: { before: { type: 'collection', collection: created.data.id } },
      });
      expect(moved.data).not.toHaveProperty('parent');
      expect((await api.orgs.listCollectionsInOrganizationById(organizationId, { nested: false })).data.items.map((c) => c.title)).toEqual([
        'Inner',
        'Client',
      ]);
      expect((await api.collections.deleteCollectionById(inner.id)).status).toBe(205);
      const error = await api.collections.getCollectionById(inner.id).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(GitBookAPIError);
      expect((error as GitBookAPIError).code).toBe(404);
    });
  });
});
